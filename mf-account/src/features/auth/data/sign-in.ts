import { callApi, getRuntimeConfig, sessionStore, countryAtom, startSession, type ApiResult, type AuthResult } from '@streamflix/shared';
import { carryOverGuestChoices } from '../../../lib/guest-carry-over';

/**
 * Finish any sign-in (password, sign-up, social): carry the guest's picks over
 * to the account first, then start the session, which switches the shell's
 * route set without a reload.
 */
export async function finishSignIn(data: AuthResult): Promise<void> {
  await carryOverGuestChoices(data.user.id, data.tokens.access, data.user.genres);
  startSession(data.tokens, { ...data.user });
  if (data.user.country && !sessionStore.get(countryAtom)) sessionStore.set(countryAtom, data.user.country);
}

/** POST /auth/login with spec §8's login rules (403 / status:false hand back the body). */
export async function signIn(email: string, password: string): Promise<ApiResult<AuthResult>> {
  const r = await callApi<AuthResult>({ method: 'POST', url: '/auth/login', data: { email: email.trim(), password }, kind: 'login' });
  if (r.status) await finishSignIn(r.data);
  return r;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/** POST /auth/register: the API signs the new account in at once and emails a verification code. */
export async function register(input: RegisterInput): Promise<ApiResult<AuthResult>> {
  const country = sessionStore.get(countryAtom) ?? undefined;
  const r = await callApi<AuthResult>({
    method: 'POST',
    url: '/auth/register',
    data: { name: input.name.trim(), email: input.email.trim(), password: input.password, ...(country ? { country } : {}) },
  });
  if (r.status) await finishSignIn(r.data);
  return r;
}

export type SocialProvider = 'google' | 'apple' | 'facebook';

/** POST /auth/socialLogin with a Firebase ID token (login rules apply, spec §8). */
export async function socialSignIn(idToken: string, provider: SocialProvider): Promise<ApiResult<AuthResult>> {
  const country = sessionStore.get(countryAtom) ?? undefined;
  const r = await callApi<AuthResult>({
    method: 'POST',
    url: '/auth/socialLogin',
    data: { idToken, provider, ...(country ? { country } : {}) },
    kind: 'login',
  });
  if (r.status) await finishSignIn(r.data);
  return r;
}

/** Social sign-in is offered only when the environment configures Firebase. */
export const isSocialLoginConfigured = (): boolean => Boolean(getRuntimeConfig().firebase);
