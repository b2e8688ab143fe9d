import { callOperation } from '@streamflix/shared';

/** POST /auth/send-verification-email: a new code for the signed-in viewer. */
export const sendVerificationEmail = () => callOperation('POST /auth/send-verification-email');
