import {
  callOperation,
  countryAtom,
  sessionStore,
  type ApiResult,
  type AuthResult,
} from '@streamflix/shared';
import { carryOverGuestChoices } from '../../../lib/guest-carry-over';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/**
 * POST /auth/register: the API signs the new account in at once and emails a verification code.
 * Does not start the session: the caller holds it (see pending-session.ts). Guest picks are carried over.
 */
export async function register(input: RegisterInput): Promise<ApiResult<AuthResult>> {
  const country = sessionStore.get(countryAtom) ?? undefined;
  const r = await callOperation('POST /auth/register', {
    body: {
      name: input.name.trim(),
      email: input.email.trim(),
      password: input.password,
      ...(country ? { country } : {}),
    },
  });
  if (r.status)
    await carryOverGuestChoices(r.data.user.id, r.data.tokens.access, r.data.user.genres);
  return r;
}
