import { CappedLabel, type Metrics } from '../../../lib/metrics';
import type { PlaybackReport } from '../schemas/operations-schemas';

/** Standard ladder heights, tallest first. */
const RUNGS = [2160, 1440, 1080, 720, 480, 360, 240];
/** Encoders round heights (1088, 714, 352): this much below a rung still counts as the rung. */
const SLACK = 16;

/**
 * The ladder rung a height belongs to (`720p`), so the label set is a handful of values whatever
 * the encoder produced; everything under 360p is `240p`, and an unknown height (0) is `unknown`.
 */
export function renditionOf(height: number): string {
  if (!height) return 'unknown';
  return `${RUNGS.find((rung) => height >= rung - SLACK) ?? 240}p`;
}

/** Seconds from Play to the first frame: under a second is the target, past 8 s viewers leave. */
const STARTUP_BUCKETS = [0.25, 0.5, 1, 2, 4, 8, 15, 30];
const STALL_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 30, 60];

/** The web player's reports (POST /v1/playback/reports), aggregated per title and rendition. */
export class PlayerMetrics {
  /**
   * Each title its own series until `maxTitles` distinct titles have reported on this instance;
   * later ones share `title="other"` (the fixed rung and kind labels multiply it by a few dozen at most).
   */
  private readonly titles: CappedLabel;
  private readonly startup;
  private readonly stalls;
  private readonly stallSeconds;
  private readonly stallDuration;
  private readonly switches;
  private readonly errors;
  private readonly watched;

  constructor(metrics: Metrics, maxTitles: number) {
    this.titles = new CappedLabel(maxTitles);
    this.startup = metrics.histogram({
      name: 'player_startup_seconds',
      help: 'Play pressed to first frame, as players report it, by title and rendition.',
      labelNames: ['title', 'rendition'],
      buckets: STARTUP_BUCKETS,
    });
    this.stalls = metrics.counter({
      name: 'player_stalls_total',
      help: 'Rebuffering events after the first frame (seeks excluded), by title and rendition.',
      labelNames: ['title', 'rendition'],
    });
    this.stallSeconds = metrics.counter({
      name: 'player_stall_seconds_total',
      help: 'Seconds spent rebuffering, by title and rendition (over player_watch_seconds_total: the rebuffering ratio).',
      labelNames: ['title', 'rendition'],
    });
    this.stallDuration = metrics.histogram({
      name: 'player_stall_duration_seconds',
      help: 'How long each stall lasted, by rendition.',
      labelNames: ['rendition'],
      buckets: STALL_BUCKETS,
    });
    this.switches = metrics.counter({
      name: 'player_rendition_switches_total',
      help: 'Rendition changes, by title, direction (up, down) and the rendition switched to.',
      labelNames: ['title', 'direction', 'rendition'],
    });
    this.errors = metrics.counter({
      name: 'player_errors_total',
      help: 'Playback errors, by title, kind and whether playback stopped (fatal) or recovered.',
      labelNames: ['title', 'kind', 'fatal'],
    });
    this.watched = metrics.counter({
      name: 'player_watch_seconds_total',
      help: 'Seconds of video played, by title and rendition.',
      labelNames: ['title', 'rendition'],
    });
  }

  /** Adds a report's samples; returns how many. */
  record(report: PlaybackReport): number {
    const title = this.titles.of(report.titleId);
    let samples = 0;
    if (report.startup) {
      const rendition = renditionOf(report.startup.height);
      this.startup.observe({ title, rendition }, report.startup.seconds);
      samples += 1;
    }
    for (const stall of report.stalls ?? []) {
      const rendition = renditionOf(stall.height);
      this.stalls.inc({ title, rendition });
      this.stallSeconds.inc({ title, rendition }, stall.seconds);
      this.stallDuration.observe({ rendition }, stall.seconds);
      samples += 1;
    }
    for (const change of report.switches ?? []) {
      if (change.fromHeight === change.toHeight) continue;
      const direction = change.toHeight > change.fromHeight ? 'up' : 'down';
      this.switches.inc({ title, direction, rendition: renditionOf(change.toHeight) });
      samples += 1;
    }
    for (const error of report.errors ?? []) {
      this.errors.inc({ title, kind: error.kind, fatal: String(error.fatal) });
      samples += 1;
    }
    for (const played of report.watched ?? []) {
      if (played.seconds === 0) continue;
      this.watched.inc({ title, rendition: renditionOf(played.height) }, played.seconds);
      samples += 1;
    }
    return samples;
  }
}
