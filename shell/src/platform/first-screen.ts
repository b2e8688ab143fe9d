import { startTransition, useEffect, useState } from 'react';
import { queryClient } from '@streamflix/shared';

/**
 * The first screen is settled when the page has loaded, no query has been in flight for a beat
 * and its eagerly loaded images (where the largest paint usually is) have arrived.
 */
const SETTLE_POLL_MS = 100;
/** Platform services start by then at the latest, however busy the first screen stays. */
const SETTLE_MAX_MS = 6000;
/** A video still starting holds them longer: a watch link's first frame on 3G (issue 36). */
const VIDEO_SETTLE_MAX_MS = 15_000;

/**
 * After the first screen has its content, when the browser is idle: on a phone the services'
 * chunks and start-up tasks (analytics, chat widget, push, service worker) otherwise ran in the
 * network gaps of the first screen's chain and pushed its largest paint back (Lighthouse).
 */
function eagerImagesLoaded(): boolean {
  for (const img of Array.from(document.images))
    if (img.loading !== 'lazy' && !img.complete) return false;
  return true;
}

/** The shell's watch route (route-tables.ts `/watch/:id/:movieid/:seasonId/:episodeId`). */
const WATCH_PATH = /^\/watch\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/?$/;

/**
 * A watch link whose screen has not put its video up yet: the player's code and session arrive
 * after the shell has settled, and a first screen judged settled in that gap let the other
 * screens' prefetch and the services take ~150 KB of a 3G link from hls.js and the first segment
 * (a typed watch link's first frame came 2–3 s later). A screen that failed (an alert in the page)
 * holds nothing.
 */
function watchScreenPending(): boolean {
  return (
    WATCH_PATH.test(window.location.pathname) &&
    !document.querySelector('video') &&
    !document.querySelector('[role="alert"]')
  );
}

/**
 * A player's video (the watch screen's, `preload="auto"`) that has not shown its first frame and
 * has not failed: on a watch link the first frame is the first screen, and the services' chunks,
 * the other screens' prefetch and the chrome took a third of a 3G link from hls.js and the first
 * segment. A trailer (no preload) or a paused, loaded video does not hold anything.
 */
export function videoStarting(): boolean {
  if (watchScreenPending()) return true;
  for (const v of Array.from(document.querySelectorAll('video')))
    if (
      // The attribute, not the property: a browser's default for a video without one may be auto.
      v.getAttribute('preload') === 'auto' &&
      !v.error &&
      (v.readyState < HTMLMediaElement.HAVE_CURRENT_DATA ||
        (WATCH_PATH.test(window.location.pathname) && !v.paused && secondsAhead(v) < THIN_BUFFER_S))
    )
      return true;
  return false;
}

/**
 * A watch link's picture plays from the HTML before the app (mf-player early-playback.ts), with a
 * few seconds buffered: on 3G the rung nearly fills the link, and the services and the other
 * screens' prefetch (~125 KB) arriving with the player stalled it for 1.5 s. They wait while less
 * than this is buffered ahead (up to VIDEO_SETTLE_MAX_MS).
 */
const THIN_BUFFER_S = 8;

/** Seconds buffered ahead of the playhead, in the range that holds it. */
function secondsAhead(v: HTMLVideoElement): number {
  for (let i = 0; i < v.buffered.length; i += 1)
    if (v.buffered.start(i) <= v.currentTime + 0.1 && v.currentTime <= v.buffered.end(i))
      return v.buffered.end(i) - v.currentTime;
  return 0;
}

/**
 * The route's screen has not rendered yet: its loading fallback (shell loading-fallback.tsx) is
 * on view, or the HTML's own loading screen (#root's first content). Between the shell's first
 * render and the remote screen's no query is in flight either, and the services judged the page
 * settled in that gap on a fast link: the push connection's call loaded the HTTP client before a
 * signed-in home or My List had painted, whose own calls the HTML had made without it.
 */
function screenPending(): boolean {
  // A hidden one (a title page's, shown only under a ceiling) is not on view.
  return document.querySelector('[data-screen-loading]:not([hidden])') !== null;
}

export function afterFirstScreen(run: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = performance.now();
  const go = () => {
    if (!cancelled) run();
  };
  let quietChecks = 0;
  const poll = () => {
    if (cancelled) return;
    // Two quiet checks: a screen that just mounted has not always sent its first query yet.
    const video = videoStarting();
    quietChecks =
      queryClient.isFetching() === 0 && eagerImagesLoaded() && !video && !screenPending()
        ? quietChecks + 1
        : 0;
    const waited = performance.now() - started;
    if (quietChecks >= 2 || waited > (video ? VIDEO_SETTLE_MAX_MS : SETTLE_MAX_MS)) {
      if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 2000 });
      else setTimeout(go, 1);
    } else timer = setTimeout(poll, SETTLE_POLL_MS);
  };
  const onLoad = () => poll();
  if (document.readyState === 'complete') poll();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', onLoad);
  };
}

/**
 * Runs each step in a task of its own, in order: the platform services' start-ups were one task
 * together, long enough to keep a phone's input waiting (Lighthouse total blocking time).
 * Returns a cancel for the steps not run yet.
 */
export function oneTaskEach(steps: Array<() => void>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next = 0;
  const run = () => {
    try {
      steps[next++]!();
    } finally {
      if (next < steps.length) timer = setTimeout(run, 0);
    }
  };
  if (steps.length > 0) run();
  return () => clearTimeout(timer);
}

/** False until afterFirstScreen() fires: for chrome that is not part of the first screen. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  // A transition: what mounts then (toasts, services' chrome) renders time-sliced, not as one
  // task a phone's input waits behind (Lighthouse total blocking time).
  useEffect(() => afterFirstScreen(() => startTransition(() => setReady(true))), []);
  return ready;
}
