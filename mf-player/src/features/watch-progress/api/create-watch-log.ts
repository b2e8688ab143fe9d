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
export function createWatchLogKeepalive(titleId: string, body: WatchLogBody): Promise<unknown> {
  // Guests have no history, and a request without a token would only be refused.
  if (!getAccessToken()) return Promise.resolve();
  return callOperation('POST /titles/createLog/{id}', {
    params: { id: titleId },
    body,
    keepalive: true,
  });
}

/**
 * The player is closing: this device's screen of the plan is free at once for another device (without it,
 * the screen frees itself a minute after the last progress report).
 */
export function releaseScreenKeepalive(): void {
  if (!getAccessToken()) return;
  void callOperation('DELETE /playback/screen', { keepalive: true });
}
