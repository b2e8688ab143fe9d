import { callOperation, type ApiBody } from '@streamflix/shared';

/** POST /auth/reset-password: the emailed code and the new password; every session ends. */
export const resetPassword = (body: ApiBody<'POST /auth/reset-password'>) =>
  callOperation('POST /auth/reset-password', { body });
