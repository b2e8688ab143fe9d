import type { PlaybackReportBody } from '../api/send-playback-report';
import type { QualityEvent } from './quality-events';

/** At most one report this often for stalls and errors; more of them wait for the next. */
export const REPORT_INTERVAL_MS = 30_000;
/** The API's limits per report (PlaybackReport in the contract). */
const MAX = { stalls: 20, switches: 50, errors: 10, heights: 10 };

export interface ReporterClock {
  now(): number;
  /** Runs `fn` after `ms`; returns the cancel. */
  after(ms: number, fn: () => void): () => void;
}

const browserClock: ReporterClock = {
  now: () => Date.now(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

const rounded = (value: number, max: number, digits = 2) =>
  Math.min(max, Math.round(value * 10 ** digits) / 10 ** digits);

/**
 * Turns one playback's quality events into few requests: the first frame at once; a stall or
 * an error at once unless a report went out in the last 30 s (then together, when that time is
 * up); rendition switches and seconds played with whichever report goes next; what is left when
 * the viewer leaves or hides the page (flush). A session without trouble sends two reports.
 */
export class PlaybackReporter {
  private startup: PlaybackReportBody['startup'];
  private stalls: NonNullable<PlaybackReportBody['stalls']> = [];
  private switches: NonNullable<PlaybackReportBody['switches']> = [];
  private errors: NonNullable<PlaybackReportBody['errors']> = [];
  /** Seconds played per height since the last report. */
  private watched = new Map<number, number>();
  private lastSentAt = -Infinity;
  private cancelScheduled: (() => void) | null = null;

  constructor(
    private readonly titleId: string,
    private readonly send: (body: PlaybackReportBody) => void,
    private readonly clock: ReporterClock = browserClock,
  ) {}

  record(event: QualityEvent): void {
    switch (event.type) {
      case 'first-frame':
        this.startup = { seconds: rounded(event.startupMs / 1000, 600, 3), height: event.height };
        return this.flush();
      case 'stall':
        this.stalls.push({ seconds: rounded(event.seconds, 3600), height: event.height });
        return this.soon(this.stalls.length >= MAX.stalls);
      case 'error':
        this.errors.push({ kind: event.kind, fatal: event.fatal, height: event.height });
        return this.soon(this.errors.length >= MAX.errors);
      case 'switch':
        this.switches.push({ fromHeight: event.fromHeight, toHeight: event.toHeight });
        if (this.switches.length >= MAX.switches) this.flush();
        return;
      case 'played': {
        const known = this.watched.has(event.height);
        // A ladder has fewer rungs than this; past it the seconds go to a height already listed.
        const height = known || this.watched.size < MAX.heights ? event.height : this.firstHeight();
        this.watched.set(height, (this.watched.get(height) ?? 0) + event.seconds);
        return;
      }
    }
  }

  /** Sends whatever is waiting, now (the first frame; the page going away or hidden). */
  flush(): void {
    this.cancelScheduled?.();
    this.cancelScheduled = null;
    const body = this.take();
    if (!body) return;
    this.lastSentAt = this.clock.now();
    this.send(body);
  }

  private soon(full: boolean): void {
    const wait = this.lastSentAt + REPORT_INTERVAL_MS - this.clock.now();
    if (full || wait <= 0) return this.flush();
    this.cancelScheduled ??= this.clock.after(wait, () => {
      this.cancelScheduled = null;
      this.flush();
    });
  }

  private firstHeight(): number {
    return this.watched.keys().next().value ?? 0;
  }

  private take(): PlaybackReportBody | null {
    const watched = [...this.watched]
      .map(([height, seconds]) => ({ seconds: rounded(seconds, 86_400, 1), height }))
      .filter((w) => w.seconds > 0);
    const body: PlaybackReportBody = {
      titleId: this.titleId,
      ...(this.startup ? { startup: this.startup } : {}),
      ...(this.stalls.length ? { stalls: this.stalls } : {}),
      ...(this.switches.length ? { switches: this.switches } : {}),
      ...(this.errors.length ? { errors: this.errors } : {}),
      ...(watched.length ? { watched } : {}),
    };
    this.startup = undefined;
    this.stalls = [];
    this.switches = [];
    this.errors = [];
    // Under a tenth of a second stays for the next report rather than being lost to rounding.
    this.watched = new Map([...this.watched].filter(([, s]) => rounded(s, 86_400, 1) === 0));
    return Object.keys(body).length > 1 ? body : null;
  }
}
