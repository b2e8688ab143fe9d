import type { QualityErrorKind, QualityEvent } from './quality-events';

export interface QualityStats {
  /** Play asked → first frame (ms), once it happened. */
  startupMs: number | null;
  stalls: number;
}

export interface QualityTracker {
  /** For the stats overlay and problem reports. */
  readonly stats: QualityStats;
  /** The stream stopped (fatal) or the player recovered from a failure. */
  error(kind: QualityErrorKind, fatal: boolean): void;
  /** The playback ends: listeners go, and a stall still going counts until now. */
  stop(): void;
}

/** Two time updates of normal playback are ~0.25 s apart; a larger jump is a seek, not viewing. */
const MAX_PLAYED_STEP_S = 2;

/**
 * Follows one playback on its video element, whichever engine feeds it (hls.js or native HLS):
 * the first frame (`playing`), stalls (`waiting` until `playing` again, not when the viewer
 * seeks), rendition changes as the viewer sees them (`resize`: the picture's height changed)
 * and seconds played. `requestedAt` is when the viewer asked to play, on performance.now()'s clock.
 */
export function trackQuality(
  video: HTMLVideoElement,
  requestedAt: number,
  emit: (event: QualityEvent) => void,
  now: () => number = () => performance.now(),
  /** A playback already under way when tracking starts (a watch link's early engine): its first frame. */
  firstFrameAt: number | null = null,
): QualityTracker {
  const stats: QualityStats = { startupMs: null, stalls: 0 };
  const heightNow = () => video.videoHeight || 0;
  let seeking = false;
  let stalledAt: number | null = null;
  let shownHeight = 0;
  let lastTime: number | null = null;

  const endStall = () => {
    if (stalledAt === null) return;
    emit({ type: 'stall', seconds: (now() - stalledAt) / 1000, height: heightNow() });
    stalledAt = null;
  };
  const handlers: Record<string, () => void> = {
    playing: () => {
      if (stats.startupMs === null) {
        stats.startupMs = Math.max(0, Math.round(now() - requestedAt));
        emit({ type: 'first-frame', startupMs: stats.startupMs, height: heightNow() });
      }
      endStall();
    },
    waiting: () => {
      // A wait the viewer caused by seeking is not a stall.
      if (stats.startupMs === null || seeking || stalledAt !== null) return;
      stats.stalls += 1;
      stalledAt = now();
    },
    seeking: () => {
      seeking = true;
      endStall();
      lastTime = null;
    },
    seeked: () => {
      seeking = false;
    },
    resize: () => {
      const height = heightNow();
      if (shownHeight > 0 && height > 0 && height !== shownHeight)
        emit({ type: 'switch', fromHeight: shownHeight, toHeight: height });
      if (height > 0) shownHeight = height;
    },
    timeupdate: () => {
      const time = video.currentTime;
      const step = lastTime === null || seeking ? 0 : time - lastTime;
      if (step > 0 && step < MAX_PLAYED_STEP_S)
        emit({ type: 'played', seconds: step, height: heightNow() });
      lastTime = time;
    },
  };
  for (const [name, handler] of Object.entries(handlers)) video.addEventListener(name, handler);
  if (firstFrameAt !== null) {
    // Taken over playing: the start-up is the one the viewer lived, and what played counts.
    stats.startupMs = Math.max(0, Math.round(firstFrameAt - requestedAt));
    emit({ type: 'first-frame', startupMs: stats.startupMs, height: heightNow() });
    let played = 0;
    for (let i = 0; i < video.played.length; i += 1)
      played += video.played.end(i) - video.played.start(i);
    if (played > 0) emit({ type: 'played', seconds: played, height: heightNow() });
    shownHeight = heightNow();
    lastTime = video.currentTime;
  }

  return {
    stats,
    error: (kind, fatal) => emit({ type: 'error', kind, fatal, height: heightNow() }),
    stop: () => {
      for (const [name, handler] of Object.entries(handlers))
        video.removeEventListener(name, handler);
      endStall();
    },
  };
}
