import { callOperation } from '@streamflix/shared';

/** POST /users/cancel-web-subscription: ends at the period end; the viewer keeps watching until then. */
export const cancelSubscription = (userId: string) =>
  callOperation('POST /users/cancel-web-subscription', { body: { userId } });
