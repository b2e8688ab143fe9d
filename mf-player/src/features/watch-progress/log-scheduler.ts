/**
 * When to send a watch log. Pure: the clock and the transport are injected, so
 * the rules are unit-tested without a browser.
 *
 * - every `intervalMs` (default 12 s) while playing;
 * - at once on pause, seek, episode change and end;
 * - with `keepalive` when the tab is hidden or the page unloads, so the last
 *   position survives the page going away.
 */
export type LogReason =
  'interval' | 'pause' | 'seek' | 'episode-change' | 'hidden' | 'unload' | 'ended';

export interface LogSnapshot {
  position: number;
  duration: number;
}

export interface LogRequest extends LogSnapshot {
  reason: LogReason;
  /** Send with fetch keepalive: the page may be going away. */
  keepalive: boolean;
  completed: boolean;
}

export interface SchedulerDeps {
  /** Current position, or null while nothing is loaded (nothing is sent). */
  snapshot: () => LogSnapshot | null;
  send: (req: LogRequest) => void;
  intervalMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const DEFAULT_LOG_INTERVAL_MS = 12_000;

export class WatchLogScheduler {
  private timer: unknown = null;
  private lastSent: { position: number; reason: LogReason } | null = null;
  private readonly intervalMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: SchedulerDeps) {
    this.intervalMs = deps.intervalMs ?? DEFAULT_LOG_INTERVAL_MS;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setInterval(fn, ms));
    this.clearTimer =
      deps.clearTimer ?? ((h) => clearInterval(h as ReturnType<typeof setInterval>));
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  play(): void {
    if (this.timer !== null) return;
    this.timer = this.setTimer(() => this.flush('interval'), this.intervalMs);
  }

  pause(): void {
    this.stopTimer();
    this.flush('pause');
  }

  seeked(): void {
    this.flush('seek');
  }

  ended(): void {
    this.stopTimer();
    this.flush('ended');
  }

  /** The viewer moves to another episode: save where they were in this one. */
  episodeChange(): void {
    this.stopTimer();
    this.flush('episode-change');
    this.lastSent = null;
  }

  hidden(): void {
    this.flush('hidden');
  }

  unload(): void {
    this.stopTimer();
    this.flush('unload');
  }

  dispose(): void {
    this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private flush(reason: LogReason): void {
    const snap = this.deps.snapshot();
    if (!snap || !(snap.duration > 0) || !Number.isFinite(snap.duration)) return;
    const position = Math.max(0, Math.min(snap.position, snap.duration));
    // Nothing moved since the last log (paused tab hidden, a second pause): skip the request.
    if (reason !== 'ended' && this.lastSent && Math.abs(this.lastSent.position - position) < 0.5)
      return;
    this.lastSent = { position, reason };
    this.deps.send({
      reason,
      position,
      duration: snap.duration,
      keepalive: reason === 'hidden' || reason === 'unload' || reason === 'episode-change',
      completed: reason === 'ended',
    });
  }
}
