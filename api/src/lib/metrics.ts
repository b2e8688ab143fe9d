import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For load balancers, orchestrators and Prometheus (health, readiness, /metrics): never shed
     * under pressure, left out of the request metrics and of the request log.
     */
    operational?: boolean;
  }
}

/** Every metric this API defines starts with this (process_* and nodejs_* are prom-client's). */
export const METRIC_PREFIX = 'streamflix_';

/** Seconds; from a cached read (~1 ms) to a slow search or checkout (10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A label whose values come from clients (a title id): each value gets its own series until `max`
 * distinct values have been seen on this instance; later ones share `other`. The cap, not the size
 * of what clients can name, then bounds the series.
 */
export class CappedLabel {
  private readonly seen = new Set<string>();

  constructor(
    private readonly max: number,
    readonly other = 'other',
  ) {}

  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return this.other;
    this.seen.add(value);
    return value;
  }
}

/**
 * The metrics of one app instance, in a registry of its own: prom-client's global registry
 * would mix the apps that tests build in one process (and refuse a second metric of a name).
 * This is the API's one metrics module: the HTTP metrics every request feeds are defined here, and
 * domains add theirs through counter/gauge/histogram (operations' player and service metrics).
 * The label sets must stay bounded (route patterns, fixed kinds), never a raw URL or a message;
 * an id a client chooses goes through a CappedLabel.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Requests answered, per method, route pattern and status code (errors are status_code=~"4..|5.."). */
  readonly httpRequests: Counter<'method' | 'route' | 'status_code'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  /** 429s, per limiter (login-ip, public-writes, player-reports, …). */
  readonly rateLimited: Counter<'limiter'>;
  /** 503s answered by load shedding, per signal (eventLoopDelay, heapUsedBytes, …). */
  readonly shed: Counter<'reason'>;
  /** 503s answered because the database could not serve (unreachable, or SQLite cannot write). */
  readonly databaseUnavailable: Counter<'reason'>;

  constructor(options: { defaultMetrics: boolean; labels?: Record<string, string> }) {
    if (options.defaultMetrics) collectDefaultMetrics({ register: this.registry });
    this.httpRequests = this.counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
    });
    this.httpDuration = this.histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
    });
    this.rateLimited = this.counter({
      name: 'rate_limited_total',
      help: 'Requests refused with 429 Too Many Requests, by limiter.',
      labelNames: ['limiter'],
    });
    this.shed = this.counter({
      name: 'http_shed_total',
      help: 'Requests refused with 503 because the instance was under pressure, by signal.',
      labelNames: ['reason'],
    });
    this.databaseUnavailable = this.counter({
      name: 'database_unavailable_total',
      help: 'Requests answered 503 because the database was unreachable or could not write, by reason.',
      labelNames: ['reason'],
    });
    if (options.labels) {
      const info = this.gauge({
        name: 'build_info',
        help: 'Always 1; the labels say what this instance runs.',
        labelNames: Object.keys(options.labels),
      });
      info.set(options.labels, 1);
    }
  }

  counter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
    return new Counter({
      ...config,
      name: METRIC_PREFIX + config.name,
      registers: [this.registry],
    });
  }

  gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
    return new Gauge({ ...config, name: METRIC_PREFIX + config.name, registers: [this.registry] });
  }

  histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
    return new Histogram({
      ...config,
      name: METRIC_PREFIX + config.name,
      registers: [this.registry],
    });
  }

  /** The Prometheus text exposition of every metric. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
