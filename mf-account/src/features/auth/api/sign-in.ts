import { callOperation, type ApiResult, type AuthResult } from '@streamflix/shared';
import { finishSignIn, type OnSession } from '../finish-sign-in';

/** POST /auth/login with spec §8's login rules (403 / status:false hand back the body). */
export async function signIn(
  email: string,
  password: string,
  onSession?: OnSession,
): Promise<ApiResult<AuthResult>> {
  const r = await callOperation('POST /auth/login', {
    body: { email: email.trim(), password },
    kind: 'login',
  });
  if (r.status) await finishSignIn(r.data, onSession);
  return r;
}
