import { callOperation, type ApiBody } from '@streamflix/shared';

/** POST /auth/verify-email: the six-digit code, signed in (code only) or from the emailed link (email + code). */
export const verifyEmail = (body: ApiBody<'POST /auth/verify-email'>) =>
  callOperation('POST /auth/verify-email', { body });
