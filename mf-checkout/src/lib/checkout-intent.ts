import { paths } from '@streamflix/shared';

/** The title that sent the viewer to checkout, so payment can return them to it. */
export interface OriginTitle {
  id: string;
  /** The player path they were on, when known (a series keeps its episode). */
  watchPath?: string;
  name?: string;
}

/** What a viewer chose before paying: it survives the sign-up detour and a reload. */
export interface CheckoutIntent {
  planId?: string;
  origin?: OriginTitle;
}

const KEY = 'checkoutIntent';
/** Long enough for a sign-up; short enough that a stale choice does not greet them next week. */
const MAX_AGE_MS = 6 * 60 * 60 * 1000;

// sessionStorage: the choice belongs to this tab's journey, and a reload keeps it.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export function readCheckoutIntent(now = Date.now()): CheckoutIntent {
  const raw = storage()?.getItem(KEY);
  if (!raw) return {};
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (typeof v.savedAt !== 'number' || now - v.savedAt > MAX_AGE_MS) return {};
    const intent: CheckoutIntent = {};
    if (isString(v.planId)) intent.planId = v.planId;
    const o = v.origin as Record<string, unknown> | undefined;
    if (o && isString(o.id)) {
      intent.origin = { id: o.id };
      if (isString(o.watchPath) && isWatchPath(o.watchPath)) intent.origin.watchPath = o.watchPath;
      if (isString(o.name)) intent.origin.name = o.name;
    }
    return intent;
  } catch {
    return {}; // corrupt: treated as absent
  }
}

export function saveCheckoutIntent(patch: CheckoutIntent, now = Date.now()): CheckoutIntent {
  const next = { ...readCheckoutIntent(now), ...patch };
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...next, savedAt: now }));
  } catch {
    // Storage disabled: the journey still works within this page, it just won't survive a reload.
  }
  return next;
}

export function clearCheckoutIntent(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

const WATCH_PATH = /^\/watch\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/;
export const isWatchPath = (p: string) => WATCH_PATH.test(p);

/** The title id in a player path (/watch/{id}/{movieid}/{seasonId}/{episodeId}). */
export function titleIdFromWatchPath(p: unknown): string | null {
  if (typeof p !== 'string' || !isWatchPath(p)) return null;
  try {
    return decodeURIComponent(p.split('/')[2]!);
  } catch {
    return null;
  }
}

/** Where to send the viewer once they are entitled: the title that sent them, or nowhere. */
export const returnPathFor = (origin: OriginTitle | undefined): string | null =>
  origin ? (origin.watchPath ?? paths.watch(origin.id, origin.id)) : null;

/** The sign-up and login screens send the viewer back here afterwards (mf-account reads `next`). */
export const afterSignInTo = (target: string) => `?next=${encodeURIComponent(target)}`;
