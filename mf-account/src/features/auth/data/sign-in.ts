import {
  callApi,
  getRuntimeConfig,
  sessionStore,
  countryAtom,
  startSession,
  type ApiResult,
  type AuthResult,
  type SignUpStarted,
} from '@streamflix/shared';
import { carryOverGuestChoices } from '../../../lib/guest-carry-over';

/** Called in the same tick as the session starts: navigate here. */
export type OnSession = (data: AuthResult) => void;

/**
 * Finish any sign-in (password, sign-up, social): carry the guest's picks over
 * to the account first, then start the session, which switches the shell's
 * route set without a reload. `onSession` runs synchronously right after, so a
 * navigation lands in the same render as the new route set; otherwise a screen
 * that only exists logged out (/signup) is caught by the shell's "unknown path
 * goes to /" rule before the navigation happens.
 */
export async function finishSignIn(data: AuthResult, onSession?: OnSession): Promise<void> {
  await carryOverGuestChoices(data.user.id, data.tokens.access, data.user.genres);
  if (data.user.country && !sessionStore.get(countryAtom))
    sessionStore.set(countryAtom, data.user.country);
  onSession?.(data);
  startSession(data.tokens, { ...data.user });
}

/** POST /auth/login with spec §8's login rules (403 / status:false hand back the body). */
export async function signIn(
  email: string,
  password: string,
  onSession?: OnSession,
): Promise<ApiResult<AuthResult>> {
  const r = await callApi<AuthResult>({
    method: 'POST',
    url: '/auth/login',
    data: { email: email.trim(), password },
    kind: 'login',
  });
  if (r.status) await finishSignIn(r.data, onSession);
  return r;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
}

/**
 * POST /auth/register: the API answers the same for every address and emails a code;
 * nobody is signed in until `completeSignUp`.
 */
export async function register(input: RegisterInput): Promise<ApiResult<SignUpStarted>> {
  const country = sessionStore.get(countryAtom) ?? undefined;
  return callApi<SignUpStarted>({
    method: 'POST',
    url: '/auth/register',
    data: {
      name: input.name.trim(),
      email: input.email.trim(),
      password: input.password,
      ...(country ? { country } : {}),
    },
  });
}

/**
 * POST /auth/register/verify: the right code creates the account and signs in.
 * Does not start the session: the caller holds it (see pending-session.ts). Guest picks are carried over.
 */
export async function completeSignUp(
  signUpId: string,
  code: string,
): Promise<ApiResult<AuthResult>> {
  const r = await callApi<AuthResult>({
    method: 'POST',
    url: '/auth/register/verify',
    data: { signUpId, code },
  });
  if (r.status)
    await carryOverGuestChoices(r.data.user.id, r.data.tokens.access, r.data.user.genres);
  return r;
}

/** POST /auth/register/resend: a new code for the sign-up in progress. */
export const resendSignUpCode = (signUpId: string): Promise<ApiResult<unknown>> =>
  callApi({ method: 'POST', url: '/auth/register/resend', data: { signUpId } });

export type SocialProvider = 'google' | 'apple' | 'facebook';

/** POST /auth/socialLogin with a Firebase ID token (login rules apply, spec §8). */
export async function socialSignIn(
  idToken: string,
  provider: SocialProvider,
  onSession?: OnSession,
): Promise<ApiResult<AuthResult>> {
  const country = sessionStore.get(countryAtom) ?? undefined;
  const r = await callApi<AuthResult>({
    method: 'POST',
    url: '/auth/socialLogin',
    data: { idToken, provider, ...(country ? { country } : {}) },
    kind: 'login',
  });
  if (r.status) await finishSignIn(r.data, onSession);
  return r;
}

/** Social sign-in is offered only when the environment configures Firebase. */
export const isSocialLoginConfigured = (): boolean => Boolean(getRuntimeConfig().firebase);
