/**
 * The control plane's Prometheus metrics (GET /metrics), in a registry of its own per app (tests
 * build several in one process). Labels stay bounded: environment and remote come from the
 * environment's document, version is one of its entries' (stable, canary, fallback) or `other`, arm
 * and kind are fixed sets, and a route is capped per instance.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A label whose values come from browsers: the first `max` values each, then `other`. */
export class CappedLabel {
  private readonly seen = new Set<string>();
  constructor(private readonly max: number) {}
  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(value);
    return value;
  }
}

type SignalLabels = 'environment' | 'remote' | 'version' | 'arm' | 'kind';

export class SignalMetrics {
  readonly registry = new Registry();
  readonly signals: Counter<SignalLabels>;
  readonly vitals: Histogram<'environment' | 'remote' | 'version' | 'arm' | 'metric' | 'route'>;
  readonly rejected: Counter<'reason'>;
  readonly failedChecks: Gauge<'environment' | 'remote'>;
  readonly canaryPercent: Gauge<'environment' | 'remote'>;
  readonly checks: Counter<'environment' | 'remote' | 'result'>;
  readonly routes = new CappedLabel(100);

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.signals = new Counter({
      name: 'streamflix_browser_signals_total',
      help: "Browser reports counted, per environment, remote, version, arm and kind ('session' counts page loads).",
      labelNames: ['environment', 'remote', 'version', 'arm', 'kind'],
      registers: [this.registry],
    });
    this.vitals = new Histogram({
      name: 'streamflix_web_vital_milliseconds',
      help: 'LCP and INP as browsers measured them, per remote version, arm and route.',
      labelNames: ['environment', 'remote', 'version', 'arm', 'metric', 'route'],
      buckets: [100, 200, 500, 1000, 1500, 2000, 2500, 3000, 4000, 6000, 10_000],
      registers: [this.registry],
    });
    this.rejected = new Counter({
      name: 'streamflix_browser_signal_batches_rejected_total',
      help: 'Signal batches refused (invalid, too large, rate-limited, unknown environment).',
      labelNames: ['reason'],
      registers: [this.registry],
    });
    this.failedChecks = new Gauge({
      name: 'streamflix_canary_failed_checks',
      help: "A running canary's failed analysis checks.",
      labelNames: ['environment', 'remote'],
      registers: [this.registry],
    });
    this.canaryPercent = new Gauge({
      name: 'streamflix_canary_percent',
      help: "A running canary's share of viewers.",
      labelNames: ['environment', 'remote'],
      registers: [this.registry],
    });
    this.checks = new Counter({
      name: 'streamflix_canary_checks_total',
      help: 'Analysis checks run, per result (pass, fail, not-enough-data).',
      labelNames: ['environment', 'remote', 'result'],
      registers: [this.registry],
    });
  }
}
