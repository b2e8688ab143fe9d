import { type Kysely, type Migration } from 'kysely';
import { createIndex, createTable, requiredText, textKey } from './builders';

/**
 * Concurrent streams: a device (session) that plays holds a lease while it keeps reporting progress. The plan
 * says how many an account may hold at once; the rows are shared, so the limit holds across API instances.
 */
export const m0008StreamLeases: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'stream_leases', [
      textKey('session_id'),
      requiredText('user_id', 'profile_id', 'title_id', 'started_at', 'expires_at'),
    ]);
    await createIndex(db, 'stream_leases_user', 'stream_leases', ['user_id', 'expires_at']);
  },
};
