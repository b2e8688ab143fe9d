import {
  callOperation,
  countryAtom,
  sessionStore,
  type ApiBody,
  type ApiResult,
  type AuthResult,
} from '@streamflix/shared';
import { finishSignIn, type OnSession } from '../finish-sign-in';

export type SocialProvider = NonNullable<ApiBody<'POST /auth/socialLogin'>['provider']>;

/** POST /auth/socialLogin with a Firebase ID token (login rules apply, spec §8). */
export async function socialSignIn(
  idToken: string,
  provider: SocialProvider,
  onSession?: OnSession,
): Promise<ApiResult<AuthResult>> {
  const country = sessionStore.get(countryAtom) ?? undefined;
  const r = await callOperation('POST /auth/socialLogin', {
    body: { idToken, provider, ...(country ? { country } : {}) },
    kind: 'login',
  });
  if (r.status) await finishSignIn(r.data, onSession);
  return r;
}
