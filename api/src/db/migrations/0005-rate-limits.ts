import { type Kysely, type Migration } from 'kysely';
import { createIndex, createTable, requiredInteger, textKey } from './builders';

// Rate-limit counters shared by every API instance (db/rate-limit-store.ts).
export const m0005RateLimits: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'rate_limits', [
      textKey('key'),
      requiredInteger('count'),
      (t) => t.addColumn('reset_at', 'bigint', (c) => c.notNull()),
    ]);
    await createIndex(db, 'rate_limits_reset', 'rate_limits', ['reset_at']);
  },
};
