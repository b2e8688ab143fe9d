import { callOperation } from '@streamflix/shared';

/** POST /auth/register/resend: a new code for the sign-up in progress (same answer for any id). */
export const resendSignUpCode = (signUpId: string) =>
  callOperation('POST /auth/register/resend', { body: { signUpId } });
