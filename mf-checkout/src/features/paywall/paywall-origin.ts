import { titleIdFromWatchPath } from '../../lib/checkout-intent';

/** What the player or catalogue put in router state when sending the viewer here. */
export interface PaywallState {
  from?: unknown;
  message?: unknown;
  titleId?: unknown;
}

/**
 * Which title sent the viewer: router state first (the player passes the
 * watch path), else `?title=` (what survives a reload or a shared link).
 */
export function resolvePaywallOrigin(
  state: unknown,
  search: URLSearchParams,
): { titleId: string | null; watchPath: string | null; message: string | null } {
  const s = (state && typeof state === 'object' ? state : {}) as PaywallState;
  const watchPath = typeof s.from === 'string' && titleIdFromWatchPath(s.from) ? s.from : null;
  const fromState =
    (watchPath && titleIdFromWatchPath(watchPath)) ||
    (typeof s.titleId === 'string' && s.titleId) ||
    null;
  const param = search.get('title');
  const titleId = fromState ?? (param && /^[\w-]{1,64}$/.test(param) ? param : null);
  return {
    titleId,
    watchPath,
    message: typeof s.message === 'string' ? s.message : null,
  };
}
