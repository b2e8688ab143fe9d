import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { ResolvedConfig } from '../config';
import type { DatabaseHandle, DialectName } from '../db/database';
import type { Database } from '../db/schema';
import type { Metrics } from './metrics';
import type { BackgroundWork } from './background-work';
import type { ClusterBus } from './cluster-bus';
import type { RateLimitStore } from './rate-limiter';

/**
 * What every domain stands on, built by app.ts before any domain: the database, the configuration,
 * the metrics registry, the bus between instances, work after the response and where rate limits
 * count. A domain's own services (billing, the mailer, the catalogue...) and its rate limits are
 * built by the domain's plugin (domains/<domain>/index.ts), which hands them to its routes in a
 * context of its own that extends this one.
 */
export interface AppContext {
  config: ResolvedConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  /** SQLite's own connection (absent on PostgreSQL), for statements Kysely cannot prepare (full-text ranking). */
  sqlite?: SQLite.Database;
  /** A lock held across every instance on this database (see DatabaseHandle.exclusive). */
  exclusive: DatabaseHandle['exclusive'];
  /** PostgreSQL's pool counters (absent on SQLite). */
  poolStats?: DatabaseHandle['poolStats'];
  /**
   * SQLite: whether writes are being stored (see DatabaseHandle.writeHealth). Infrastructure: the
   * database layer measures it, readiness reports it, and every write depends on it.
   */
  writeHealth?: DatabaseHandle['writeHealth'];
  /** This instance's Prometheus metrics (GET /metrics); domains add theirs to it. */
  metrics: Metrics;
  /** Events every instance sees (notifications for streams held elsewhere, catalogue changes). */
  cluster: ClusterBus;
  /**
   * Work finished after the response. Infrastructure: several domains use it, and closing the app
   * waits for it, so there is one per app, not one per domain.
   */
  background: BackgroundWork;
  /**
   * Where every rate limiter counts: the database, shared by every instance, so more instances
   * don't mean more attempts. Each domain builds its own limiters (RateLimiter) over it.
   */
  rateLimits: RateLimitStore;
  /** Warnings of work no request waits for (the bus, push, mail, reloads) go to the app's log. */
  log: (msg: string, err?: unknown) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
