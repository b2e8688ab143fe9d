import { sql, type Kysely } from 'kysely';
import type { RateLimitStore, RateWindow } from '../lib/rate-limiter';
import type { Database } from './schema';

/** Expired windows are deleted once in this many hits, so the table holds roughly the live ones. */
const SWEEP_EVERY = 500;

/**
 * Rate-limit counters in the database every API instance uses: one row per key, counted by a single
 * upsert, so two instances counting the same key at once both land (no read-then-write race).
 * The same statement runs on SQLite and PostgreSQL (INSERT … ON CONFLICT … RETURNING).
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private hits = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string, now: number): Promise<RateWindow | null> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', key)
      .where('reset_at', '>', now)
      .executeTakeFirst();
    return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : null;
  }

  async increment(key: string, windowMs: number, now: number): Promise<RateWindow> {
    const resetAt = now + windowMs;
    const expired = sql<boolean>`rate_limits.reset_at <= ${now}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, count: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
          reset_at: sql<number>`case when ${expired} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    if (++this.hits % SWEEP_EVERY === 0) await this.sweep(now);
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  async decrement(key: string, now: number): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ count: sql<number>`rate_limits.count - 1` })
      .where('key', '=', key)
      .where('reset_at', '>', now)
      .where('count', '>', 0)
      .execute();
  }

  private async sweep(now: number): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
  }
}
