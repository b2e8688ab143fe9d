/**
 * hls.js's transmuxer in a worker (issue 36). Our streams are MPEG-TS: every segment is demuxed
 * and remuxed to fMP4 before the browser can play it, and in the page that was a task per segment
 * on the main thread (60-75 ms each in Lighthouse's phone model, 256 ms for a heavier rung's),
 * most of a watch page's blocking time, and what a tap on the controls waited behind while a title
 * played.
 *
 * hls.js built from source (rspack.hls.ts) has no worker bundle of its own: a player build writes
 * one beside its entry (`hls-worker.js`, rspack.early.ts). It is fetched as text while the
 * playlists load and started from a `blob:` URL, because a page cannot start a worker from
 * another origin's script and the player is served from its own. hls.js reads `workerPath` when a
 * stream's first segment arrives: a worker not ready by then (or not there, or refused) leaves
 * that stream transmuxing in the page as before, and a worker that fails at run time makes hls.js
 * fall back to the page itself.
 */

/** The worker's file in a player build, beside remoteEntry.js and early-engine.js (rspack.early.ts). */
export const HLS_WORKER_FILE = 'hls-worker.js';

declare const __webpack_public_path__: string | undefined;

/** Where this build's files are served from (the remote's public path, resolved at run time). */
function ownBase(): string | undefined {
  return typeof __webpack_public_path__ === 'string' && __webpack_public_path__
    ? __webpack_public_path__
    : undefined;
}

let pending: Promise<string | null> | null = null;

/**
 * Starts fetching the worker (once per page) and resolves to a `blob:` URL to start it from, or
 * null where there is none to use (no Worker, no build beside this one, a failed fetch).
 */
export function prepareTransmuxWorker(
  base: string | undefined = ownBase(),
): Promise<string | null> {
  if (pending) return pending;
  if (!base || typeof Worker === 'undefined' || typeof URL.createObjectURL !== 'function')
    return (pending = Promise.resolve(null));
  let url: string;
  try {
    url = new URL(HLS_WORKER_FILE, new URL(base, location.href)).href;
  } catch {
    return (pending = Promise.resolve(null));
  }
  pending = fetch(url)
    .then((res) => (res.ok ? res.text() : null))
    .then((code) =>
      code ? URL.createObjectURL(new Blob([code], { type: 'text/javascript' })) : null,
    )
    .catch(() => null);
  return pending;
}

interface HlsWithConfig {
  config: { enableWorker: boolean; workerPath: null | string };
}

/**
 * Gives `hls` the worker once it is ready. Only an hls.js of the version this build's worker was
 * made from (`hlsVersion`, the running class's `Hls.version`): the page talks to the worker in
 * hls.js's own messages, and the catalogue's copy of the shared hls.js may be another version.
 */
export function attachTransmuxWorker(hls: HlsWithConfig, hlsVersion: string): Promise<boolean> {
  if (!process.env.HLS_VERSION || hlsVersion !== process.env.HLS_VERSION)
    return Promise.resolve(false);
  return prepareTransmuxWorker().then((path) => {
    if (!path || !hls.config.enableWorker) return false;
    hls.config.workerPath = path;
    return true;
  });
}

/** For tests: forget the fetched worker. */
export function resetTransmuxWorker(): void {
  pending = null;
}
