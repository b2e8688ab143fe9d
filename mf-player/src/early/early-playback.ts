import type Hls from 'hls.js';
import type { Events as HlsEvents, HlsConfig, HlsListeners } from 'hls.js';
import { connectionEstimate, hlsConfig, startVariant } from '../features/playback/hls/hls-config';
import { resumePosition } from '../features/watch-progress/resume';
import { attachTransmuxWorker } from '../features/playback/hls/transmux-worker';

/**
 * The player's early engine (issue 36): a typed or shared `/watch/...` link starts its video from
 * the HTML, before the shell and this remote have been downloaded. On 3G the whole app (the shell's
 * boot, ~160 KB, the player's entry and screen, ~42 KB) took the link before hls.js and the first
 * segments could, and the first frame came after 5 s. The host's HTML (shell watch-hints.cjs)
 * holds the app's boot, loads this file (`early-engine.js`, from the player's own origin, so it
 * is the deployed player's code) and leaves `self.__sfEarlyWatch`; the engine reads the playback
 * answer the HTML asked for, starts hls.js on a video in the host's stage (outside the app's root,
 * which React replaces), and releases the boot once the first segment is in the video's buffer.
 * The player's screen then takes the video and the hls.js instance as they are (take) and plays on.
 */

/** The contract's version: the player adopts only an engine it knows. */
export const EARLY_ENGINE_VERSION = 1;

/** What the host's HTML leaves for the engine (shell/scripts/watch-hints.cjs earlyWatchScript). */
export interface EarlyWatch {
  /** The playback call's URL, the key of its answer in `self.__sfEarlyData`. */
  call: string;
  /**
   * The id of the element, outside the app's root, the video goes in (into its
   * `[data-early-picture]` child, the picture's box, if it has one). Removed when the engine is done.
   */
  stage: string;
  /** Starts the app's boot the host held back. Called once; calling it again does nothing. */
  release: () => void;
}

/** The early playback, as the player's screen takes it over. */
export interface EarlyTake {
  hls: Hls;
  video: HTMLVideoElement;
  /** When the first frame was shown (performance.now()), or null if not yet. */
  firstFrameAt: number | null;
  /** The seconds playback started at (the resume rules). */
  startAt: number;
}

export interface EarlyEngine {
  v: typeof EARLY_ENGINE_VERSION;
  /** hls.js as this engine built it: the player uses it instead of downloading it again. */
  Hls: typeof Hls;
  /**
   * The early playback of `src`, handed over once. Null when there is none, it failed, or it plays
   * another address (a new session): then it is stopped and its stage removed.
   */
  take(src: string): EarlyTake | null;
  /** Stops an early playback nobody will take (the viewer left the page, the player failed). */
  discard(): void;
}

/** The answer the HTML's playback call left (shared/src/api/early-response.ts EarlyEntry). */
interface EarlyEntry {
  answer?: Promise<{ status: number; body: unknown } | null>;
}

interface SessionLike {
  stream?: { url?: unknown };
  resumePosition?: unknown;
  durationSeconds?: unknown;
  name?: unknown;
}

/** The boot is released after this even when no segment has arrived (a dead link, a hung API). */
export const RELEASE_AFTER_MS = 8_000;

/**
 * Seconds of picture in the buffer before the app's boot is released, and at most what the engine
 * buffers until the player takes over (then the player's 30 s). The boot (~200 KB) shares the link
 * with the segments: released at the first segment, a 3G link stalled the picture twice while the
 * app arrived; with 6 s ahead and the engine asking for no more than 8 (on the start rung), the
 * app has most of the link while the picture plays from the buffer.
 */
export const RELEASE_BUFFER_S = 4;
/** ...or at the first frame on a link with this many times the rung's bitrate... */
export const ROOMY_LINK = 2;
/** ...or this long after the first frame, on a link the picture's rung nearly fills (3G). */
export const RELEASE_AFTER_FRAME_MS = 4000;
export const EARLY_MAX_BUFFER_S = 8;

/** Seconds buffered ahead of the playhead, in the range that holds it. */
function bufferedAhead(video: HTMLVideoElement): number {
  const b = video.buffered;
  for (let i = 0; i < b.length; i += 1)
    if (b.start(i) <= video.currentTime + 0.1 && video.currentTime <= b.end(i))
      return b.end(i) - video.currentTime;
  return 0;
}

const PREFERENCES_KEY = 'sf-player:preferences';

/** The viewer's remembered volume and mute (shared device-contracts.ts), read without the app. */
function storedSound(storage: Storage | undefined): { volume?: number; muted?: boolean } {
  try {
    const raw = JSON.parse(storage?.getItem(PREFERENCES_KEY) ?? 'null') as unknown;
    if (!raw || typeof raw !== 'object') return {};
    const r = raw as { volume?: unknown; muted?: unknown };
    return {
      ...(typeof r.volume === 'number' && r.volume >= 0 && r.volume <= 1
        ? { volume: r.volume }
        : {}),
      ...(typeof r.muted === 'boolean' ? { muted: r.muted } : {}),
    };
  } catch {
    return {};
  }
}

function sessionOf(answer: { status: number; body: unknown } | null): SessionLike | null {
  if (!answer || answer.status !== 200) return null;
  const body = answer.body as { status?: unknown; data?: unknown } | null;
  if (!body || body.status !== true || !body.data || typeof body.data !== 'object') return null;
  return body.data as SessionLike;
}

export function startEarlyPlayback(
  H: typeof Hls,
  watch: EarlyWatch | undefined,
  win: Window & typeof globalThis = window,
): EarlyEngine {
  const doc = win.document;
  let released = false;
  let ended = false;
  let live:
    (EarlyTake & { src: string; stop: () => void; playerConfig: Partial<HlsConfig> }) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    try {
      watch?.release();
    } catch {
      // The host's boot reports its own failures.
    }
  };
  const stage = () => (watch ? doc.getElementById(watch.stage) : null);
  const end = () => {
    ended = true;
    const l = live;
    live = null;
    if (l) {
      l.stop();
      try {
        l.hls.destroy();
      } catch {
        // A half-attached instance: nothing left to stop.
      }
      l.video.removeAttribute('src');
    }
    stage()?.remove();
    release();
  };

  const engine: EarlyEngine = {
    v: EARLY_ENGINE_VERSION,
    Hls: H,
    take(src) {
      const l = live;
      if (!l || ended || l.src !== src) {
        end();
        return null;
      }
      live = null;
      ended = true;
      l.stop();
      // The player's buffer and climbing from here (hls.js reads its config as it goes).
      Object.assign(l.hls.config, l.playerConfig);
      release();
      // The player moves the video into its own slot in this task; the empty stage goes after.
      queueMicrotask(() => stage()?.remove());
      return {
        hls: l.hls,
        video: l.video,
        firstFrameAt: l.firstFrameAt,
        startAt: l.startAt,
      };
    },
    discard: end,
  };

  const entry = watch
    ? (win as unknown as { __sfEarlyData?: Record<string, EarlyEntry | undefined> })
        .__sfEarlyData?.[watch.call]
    : undefined;
  if (!watch || !(entry?.answer instanceof Promise) || !H.isSupported()) {
    release();
    return engine;
  }
  timer = setTimeout(release, RELEASE_AFTER_MS);

  const begin = (session: SessionLike, src: string) => {
    const outer = stage();
    const box = outer?.querySelector('[data-early-picture]') ?? outer;
    if (!box || ended) return end();
    const startAt = resumePosition(
      typeof session.resumePosition === 'number' ? session.resumePosition : null,
      typeof session.durationSeconds === 'number' ? session.durationSeconds : null,
    );
    const video = doc.createElement('video');
    video.playsInline = true;
    video.preload = 'auto';
    video.crossOrigin = 'anonymous';
    if (typeof session.name === 'string') video.setAttribute('aria-label', session.name);
    const sound = storedSound(win.localStorage);
    if (sound.volume !== undefined) video.volume = sound.volume;
    if (sound.muted !== undefined) video.muted = sound.muted;
    // Autoplay first, before any of hls.js's work: refused (a first visit, no gesture), there is
    // nothing to show before a tap, so the engine steps aside and the app starts as it did without
    // it (the player's poster and Play button). Kept, a paused frame covered the loading screen and
    // became Lighthouse's largest paint at the player's mount, and the engine's hls.js work and
    // transmuxing added ~100 ms of blocking while the app started.
    let refused = false;
    video.play().catch((e: unknown) => {
      if ((e as { name?: string } | null)?.name === 'NotAllowedError') refused = true;
    });
    win.setTimeout(() => (refused || ended ? end() : run()), 0);
    const run = () => {
      const estimate = connectionEstimate();
      const config = hlsConfig(startAt, estimate);
      const early = {
        maxBufferLength: EARLY_MAX_BUFFER_S,
        maxMaxBufferLength: EARLY_MAX_BUFFER_S,
        // The start rung until the player takes over: the buffer fills fastest, and the app's
        // boot is not held behind heavier segments (a 3G link climbed to 86 KB ones).
        abrBandWidthUpFactor: 0,
      };
      const hls = new H({ ...config, ...early });
      hls.subtitleDisplay = false;
      // Segments demuxed and remuxed off the main thread once the worker is here (the player's too).
      void attachTransmuxWorker(hls, H.version);
      const l = {
        playerConfig: Object.fromEntries(
          Object.keys(early).map((k) => [k, config[k as keyof typeof early]]),
        ) as Partial<HlsConfig>,
        src,
        hls,
        video,
        startAt,
        firstFrameAt: null as number | null,
        stop: () => undefined as void,
      };
      live = l;
      const E: typeof HlsEvents = H.Events;
      const onParsed = (_e: unknown, data: { levels: { bitrate: number }[] }) => {
        hls.startLevel = startVariant(
          data.levels.map((x) => x.bitrate),
          estimate,
        );
        // Refused after all (a policy that changed meanwhile): the engine steps aside, as above.
        video.play().catch((e: unknown) => {
          if ((e as { name?: string } | null)?.name === 'NotAllowedError') end();
        });
      };
      // The app's boot can share the link once the picture is safe: seconds ahead, or a link
      // that carries several times the rung's bitrate (Slow 4G and up).
      const maybeRelease = () => {
        const level = hls.levels[hls.currentLevel];
        const roomy =
          l.firstFrameAt !== null &&
          level !== undefined &&
          hls.bandwidthEstimate >= ROOMY_LINK * level.bitrate;
        if (roomy || bufferedAhead(video) >= RELEASE_BUFFER_S) release();
      };
      const onBuffered = (_e: unknown, data: { frag: { type: string } }) => {
        if (data.frag.type === 'main') maybeRelease();
      };
      const onError = (_e: unknown, data: { fatal: boolean }) => {
        // The player starts its own, with its recovery and its messages.
        if (data.fatal) end();
      };
      const shown = () => {
        if (l.firstFrameAt !== null) return;
        l.firstFrameAt = win.performance.now();
        clearTimeout(timer);
        timer = setTimeout(release, RELEASE_AFTER_FRAME_MS);
        maybeRelease();
      };
      // Until the player has the video: a click or tap, Space or K play and pause it.
      const toggle = () => {
        if (video.paused) void video.play().catch(() => undefined);
        else video.pause();
      };
      const onKey = (e: KeyboardEvent) => {
        if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== ' ' && e.key.toLowerCase() !== 'k'))
          return;
        e.preventDefault();
        toggle();
      };
      // The viewer went elsewhere before the app took the video (a link in the shell's header), the
      // shell could not load the player (shell remote-screen.tsx marks its message), or a player
      // that does not know this engine (an older build the gate fell back to) made a video of its
      // own in the app's root: one picture, the app's.
      const onLeave = () => {
        if (
          win.location.pathname !== path ||
          doc.querySelector('[data-screen-failed]') ||
          doc.querySelector('#root video')
        )
          end();
      };
      const path = win.location.pathname;
      // Every listener with its removal: the player takes the instance and the element bare.
      const offs: Array<() => void> = [];
      const onHls = <K extends keyof HlsListeners>(event: K, fn: HlsListeners[K]) => {
        hls.on(event, fn);
        offs.push(() => hls.off(event, fn));
      };
      const onDom = <T extends Event>(target: EventTarget, type: string, fn: (e: T) => void) => {
        target.addEventListener(type, fn as EventListener);
        offs.push(() => target.removeEventListener(type, fn as EventListener));
      };
      onHls(E.MANIFEST_PARSED, onParsed);
      onHls(E.FRAG_BUFFERED, onBuffered);
      onHls(E.ERROR, onError);
      onDom(video, 'playing', shown);
      onDom(video, 'click', toggle);
      onDom(doc, 'keydown', onKey);
      onDom(win, 'popstate', onLeave);
      const poll = setInterval(onLeave, 250);
      offs.push(() => clearInterval(poll));
      if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(shown);
      l.stop = () => offs.forEach((off) => off());
      box.append(video);
      hls.loadSource(src);
      hls.attachMedia(video);
    };
  };

  entry.answer.then(
    (answer) => {
      const session = sessionOf(answer);
      const src = session?.stream?.url;
      if (ended || !session || typeof src !== 'string') return end();
      // The stage is after the app's root in the HTML: wait for it to be parsed.
      if (doc.readyState === 'loading')
        doc.addEventListener('DOMContentLoaded', () => begin(session, src), { once: true });
      else begin(session, src);
    },
    () => end(),
  );
  return engine;
}
