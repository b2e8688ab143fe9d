import { callOperation } from './operation-client';
import type { ApiResult } from './envelope';
import { endSession, getRefreshToken } from '../session/session-actions';

/**
 * POST /auth/logout: revoke this session on the server, then forget it here. A device on a kids profile
 * signs out only with the account password: the server refuses without it (403, fieldErrors.profile =
 * "kids_profile"), or with a wrong one (403, 429), and the session then stays, so the device stays on
 * its kids profile; the caller asks for the password and calls again. Any other outcome (a network
 * failure included) forgets the session here.
 */
export async function logout(options: { password?: string } = {}): Promise<ApiResult<unknown>> {
  const result = await callOperation('POST /auth/logout', {
    body: {
      refreshToken: getRefreshToken(),
      ...(options.password ? { password: options.password } : {}),
    },
  });
  if (!result.status && [400, 403, 429].includes(result.httpStatus ?? 0)) return result;
  endSession('logout');
  return result;
}

/** Whether the API refused because the device watches as a kids profile (it needs the account password). */
export const isKidsProfileRefusal = (result: ApiResult<unknown>): boolean =>
  !result.status && result.fieldErrors?.profile === 'kids_profile';

/** POST /auth/logout-all: every session of this user ends at once. */
export async function logoutAll(): Promise<ApiResult<unknown>> {
  const result = await callOperation('POST /auth/logout-all');
  // Refused (a kids profile): nothing ended on the server, so nothing ends here either.
  if (!isKidsProfileRefusal(result)) endSession('logout');
  return result;
}
