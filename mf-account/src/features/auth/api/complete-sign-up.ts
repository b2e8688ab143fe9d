import { callOperation, type ApiResult, type AuthResult } from '@streamflix/shared';
import { carryOverGuestChoices } from '../../../lib/guest-carry-over';

/**
 * POST /auth/register/verify: the right code creates the account and signs in.
 * Does not start the session: the caller holds it (see pending-session.ts). Guest picks are carried over.
 */
export async function completeSignUp(
  signUpId: string,
  code: string,
): Promise<ApiResult<AuthResult>> {
  const r = await callOperation('POST /auth/register/verify', { body: { signUpId, code } });
  if (r.status)
    await carryOverGuestChoices(r.data.user.id, r.data.tokens.access, r.data.user.genres);
  return r;
}
