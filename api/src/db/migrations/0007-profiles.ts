import { sql, type Kysely, type Migration } from 'kysely';
import {
  createIndex,
  createTable,
  optionalText,
  requiredInteger,
  requiredText,
  textKey,
} from './builders';

/**
 * Households: an account holds up to five profiles, and what was the account's own (My List, watch logs,
 * the genres picked at sign-up) becomes its first profile's. That first profile takes the account's id,
 * so the existing rows only change their column's name: no row is copied, on SQLite or PostgreSQL.
 */
export const m0007Profiles: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'profiles', [
      textKey('id'),
      requiredText('user_id', 'name', 'language'),
      optionalText('avatar'),
      // 1 little kids · 2 older kids · 3 teens · 4 every rating (lib/maturity.ts).
      requiredInteger('maturity_level', 'kids', 'position', 'pin_failures'),
      optionalText('pin_hash', 'pin_locked_until'),
      requiredText('created_at', 'updated_at'),
    ]);
    await createIndex(db, 'profiles_user', 'profiles', ['user_id', 'position']);
    await sql`insert into profiles (id, user_id, name, language, avatar, maturity_level, kids, position, pin_failures, pin_hash, pin_locked_until, created_at, updated_at)
      select id, id, name, language, null, 4, 0, 0, 0, null, null, created_at, updated_at from users`.execute(
      db,
    );
    for (const table of ['favourites', 'watch_logs', 'user_genres'])
      await db.schema.alterTable(table).renameColumn('user_id', 'profile_id').execute();
    // The profile a device chose ("Who's watching?"); null until it chooses, which means the first profile.
    await db.schema.alterTable('sessions').addColumn('profile_id', 'text').execute();
    await createTable(db, 'ratings', [
      requiredText('profile_id', 'title_id'),
      // -1 not for me · 1 I like this · 2 I love this
      requiredInteger('rating'),
      requiredText('updated_at'),
      (t) => t.addPrimaryKeyConstraint('ratings_pk', ['profile_id', 'title_id']),
    ]);
    // Continue watching entries the viewer removed: hidden until they watch the title again.
    await db.schema
      .alterTable('watch_logs')
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
