import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What a profile hears about is its own (new releases, recommendations); account activity, marketing
 * email and push stay the account's. The first profile keeps what its account had chosen. A notice about
 * content may name its profile: the inbox of another profile does not show it.
 */
export const m0009ProfileNotifications: Migration = {
  async up(db: Kysely<any>) {
    for (const column of ['notify_new_releases', 'notify_recommendations'])
      await db.schema
        .alterTable('profiles')
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    await sql`update profiles set
      notify_new_releases = (select u.notify_new_releases from users u where u.id = profiles.id),
      notify_recommendations = (select u.notify_recommendations from users u where u.id = profiles.id)
      where exists (select 1 from users u where u.id = profiles.id)`.execute(db);
    await db.schema.alterTable('notifications').addColumn('profile_id', 'text').execute();
  },
};
