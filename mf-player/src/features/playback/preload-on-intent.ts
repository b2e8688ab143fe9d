import { matchPath } from 'react-router-dom';
import { isLoggedInAtom, sessionStore } from '@streamflix/shared';
import { startPlaybackSession } from './api/use-playback-session';
import type { PlaybackRequest } from './api/get-playback-session';
import { loadHls } from './hls/early-engine';

const WATCH_ROUTE = '/watch/:id/:movieid/:seasonId/:episodeId';
const none = (v: string | undefined) => !v || v === '0';

/** The playback request a /watch path makes, or null for any other path. */
export function watchRequestOf(pathname: string): PlaybackRequest | null {
  const m = matchPath(WATCH_ROUTE, pathname);
  const titleId = m?.params.id ?? m?.params.movieid;
  if (!m || !titleId) return null;
  return { titleId, episodeId: none(m.params.episodeId) ? undefined : m.params.episodeId };
}

// The player always needs hls.js: fetch it alongside the playback session, not after it (none
// to fetch where a watch link's early engine brought it).
export const prefetchHls = () => loadHls().catch(() => undefined);

/**
 * Start what the watch screen for `pathname` will wait on: hls.js and the playback session,
 * whose answer warms the master and variant playlists and the first segment (warmStream).
 * The API decides entitlement: a premium title for a guest answers 401/403, which the screen
 * turns into the paywall; no stream is warmed then. Returns whether the path was a /watch one.
 */
export function preloadWatch(pathname: string): boolean {
  const req = watchRequestOf(pathname);
  if (!req) return false;
  void prefetchHls();
  startPlaybackSession(req, sessionStore.get(isLoggedInAtom));
  return true;
}

function watchPathOf(target: EventTarget | null): string | null {
  const a = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!a || a.origin !== window.location.origin) return null;
  return watchRequestOf(a.pathname) ? a.pathname : null;
}

/** A click on Play older than this belongs to another playback. */
const PLAY_INTENT_TTL_MS = 60_000;
let playIntentAt: number | null = null;
/** The document's own load counts for its first playback only. */
let openedHere = false;

/** The viewer asked to play at `at` (performance.now()'s clock): a click on a /watch link. */
export function notePlayIntent(at: number): void {
  playIntentAt = at;
}

/**
 * When the viewer asked for the playback starting now, taken once: their click on Play if it
 * was in the last minute; else the start of the page load when this document was opened at
 * this /watch URL (typed, reloaded, shared link); else now.
 */
export function takePlayRequestedAt(now = performance.now()): number {
  const clicked = playIntentAt;
  playIntentAt = null;
  if (clicked !== null && now - clicked < PLAY_INTENT_TTL_MS) return clicked;
  const load = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (load && !openedHere) {
    openedHere = true;
    if (watchRequestOf(new URL(load.name).pathname)) return load.startTime;
  }
  return now;
}

let installed = false;

/**
 * Play on a title page is a link to /watch: when the viewer points at it, focuses or touches it,
 * the playback session and the stream's opening requests start, so the click finds them done.
 * The shell loads this remote on that same intent (its screen prefetch), so the link that
 * brought the code here is already hovered or focused: start for it at once.
 */
export function startPreloadOnIntent(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  const onIntent = (e: Event) => {
    const p = watchPathOf(e.target);
    if (p) preloadWatch(p);
  };
  const opts = { passive: true, capture: true } as const;
  document.addEventListener('pointerover', onIntent, opts);
  document.addEventListener('focusin', onIntent, opts);
  document.addEventListener('touchstart', onIntent, opts);
  // The click itself starts the clock of the start-up time (Play → first frame).
  document.addEventListener(
    'click',
    (e) => {
      if (watchPathOf(e.target)) notePlayIntent(e.timeStamp);
    },
    opts,
  );
  for (const a of document.querySelectorAll('a[href]:hover, a[href]:focus')) {
    const p = watchPathOf(a);
    if (p) preloadWatch(p);
  }
}
