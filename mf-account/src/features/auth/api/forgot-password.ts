import { callOperation } from '@streamflix/shared';

/** POST /auth/forgot-password: emails a reset code when the account exists (the answer never says). */
export const forgotPassword = (email: string) =>
  callOperation('POST /auth/forgot-password', { body: { email } });
