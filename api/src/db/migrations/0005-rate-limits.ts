import { type Kysely, type Migration } from 'kysely';
import { createIndex, requiredInteger, textKey } from './builders';

// Rate-limit counters shared by every API instance (db/rate-limit-store.ts).
export const m0005RateLimits: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('rate_limits')
      .$call(textKey('key'))
      .$call(requiredInteger('count'))
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await createIndex(db, 'rate_limits_reset', 'rate_limits', ['reset_at']);
  },
};
