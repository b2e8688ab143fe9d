import { apiBaseUrl, callApi, getAccessToken } from '@streamflix/shared';

export interface WatchLogBody {
  position: number;
  duration: number;
  episodeId?: string | null;
  seasonId?: string | null;
  completed?: boolean;
}

/** POST /titles/createLog/{id} through the shared client (refresh on 401, never throws). */
export function createWatchLog(titleId: string, body: WatchLogBody) {
  return callApi<unknown>({
    method: 'POST',
    url: `/titles/createLog/${encodeURIComponent(titleId)}`,
    data: body,
  });
}

/**
 * The last log when the page may be going away. fetch with keepalive outlives the page
 * and, unlike sendBeacon, can carry the Authorization header the endpoint needs.
 */
export function createWatchLogKeepalive(titleId: string, body: WatchLogBody): void {
  const token = getAccessToken();
  if (!token) return;
  try {
    void fetch(`${apiBaseUrl()}/titles/createLog/${encodeURIComponent(titleId)}`, {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // A page being torn down may refuse new requests; nothing more can be done then.
  }
}
