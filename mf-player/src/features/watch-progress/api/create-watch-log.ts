import { callOperation, getAccessToken, type ApiBody } from '@streamflix/shared';

export type WatchLogBody = ApiBody<'POST /titles/createLog/{id}'>;

/** POST /titles/createLog/{id} through the shared client (refresh on 401, never throws). */
export function createWatchLog(titleId: string, body: WatchLogBody) {
  return callOperation('POST /titles/createLog/{id}', { params: { id: titleId }, body });
}

/**
 * The last log when the page may be going away: a keepalive request outlives
 * the page and, unlike sendBeacon, carries the Authorization header.
 */
export function createWatchLogKeepalive(titleId: string, body: WatchLogBody): void {
  // Guests have no history, and a request without a token would only be refused.
  if (!getAccessToken()) return;
  void callOperation('POST /titles/createLog/{id}', {
    params: { id: titleId },
    body,
    keepalive: true,
  });
}
