import { callApi } from './api-client';
import type { ApiResult } from './envelope';
import { endSession, getRefreshToken, startSession } from '../session/session-actions';
import type { StoredUser } from '../session/storage-keys';

export interface LoginData {
  tokens: { access: string; refresh: string };
  user: StoredUser;
}

/** POST /auth/login. On success the session starts and the route set switches. */
export async function login(email: string, password: string): Promise<ApiResult<LoginData>> {
  const result = await callApi<LoginData>({
    method: 'POST',
    url: '/auth/login',
    data: { email, password },
    kind: 'login',
  });
  if (result.status) startSession(result.data.tokens, result.data.user);
  return result;
}

/** POST /auth/logout: revoke this session on the server, then forget it here. */
export async function logout(): Promise<void> {
  await callApi({ method: 'POST', url: '/auth/logout', data: { refreshToken: getRefreshToken() } });
  endSession('logout');
}

/** POST /auth/logout-all: every session of this user ends at once. */
export async function logoutAll(): Promise<ApiResult<unknown>> {
  const result = await callApi({ method: 'POST', url: '/auth/logout-all' });
  endSession('logout');
  return result;
}
