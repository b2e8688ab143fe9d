import { callOperation } from '@streamflix/shared';

/** POST /users/resume-web-subscription: undo a cancel before the period ends. */
export const resumeSubscription = (userId: string) =>
  callOperation('POST /users/resume-web-subscription', { body: { userId } });
