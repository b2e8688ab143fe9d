import { callOperation } from '@streamflix/shared';

/** POST /users/subscription/change-plan: an upgrade charges the card on file now; a downgrade waits for renewal. */
export const changePlan = (planId: string, idempotencyKey: string) =>
  callOperation('POST /users/subscription/change-plan', { body: { planId, idempotencyKey } });
