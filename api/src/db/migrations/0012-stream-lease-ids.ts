import { type Kysely, type Migration } from 'kysely';
import { createIndex, createTable, requiredText, textKey, uniqueText } from './builders';

/**
 * Signed media addresses name the stream lease they belong to (lib/media-urls.ts), so a lease gets
 * an id of its own, new each time a device takes a screen: an address handed out for an earlier
 * stream of the same device stops working once that stream ended. Leases last a minute without
 * news from their player, so the table is recreated rather than migrated row by row.
 */
export const m0012StreamLeaseIds: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.dropTable('stream_leases').execute();
    await createTable(db, 'stream_leases', [
      textKey('session_id'),
      uniqueText('id'),
      requiredText('user_id', 'profile_id', 'title_id', 'started_at', 'expires_at'),
    ]);
    await createIndex(db, 'stream_leases_user', 'stream_leases', ['user_id', 'expires_at']);
  },
};
