import { callOperation } from './operation-client';
import type { ApiResult } from './envelope';
import { endSession, getRefreshToken } from '../session/session-actions';

/** POST /auth/logout: revoke this session on the server, then forget it here. */
export async function logout(): Promise<void> {
  await callOperation('POST /auth/logout', { body: { refreshToken: getRefreshToken() } });
  endSession('logout');
}

/** POST /auth/logout-all: every session of this user ends at once. */
export async function logoutAll(): Promise<ApiResult<unknown>> {
  const result = await callOperation('POST /auth/logout-all');
  endSession('logout');
  return result;
}
