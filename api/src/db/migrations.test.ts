import { openDatabase } from './database';
import { migrateToLatest } from './migrations';
import { createTestDatabase, onPostgres } from '../test/test-database';

test('households: an account from before profiles keeps its list, history and genres as its first profile, on either backend', async () => {
  // The api-pg project runs it on a fresh PostgreSQL database, the api project on SQLite.
  const pg = onPostgres() ? await createTestDatabase() : null;
  const { db, dialect, close } = await openDatabase(
    pg ? { databaseUrl: pg.url } : { dbFile: ':memory:' },
  );
  await migrateToLatest(db, dialect, '0006_pending_sign_ups');
  const now = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('users')
    .values({
      id: 'usr_1',
      email: 'a@example.com',
      name: 'Ada',
      country: 'US',
      language: 'fr',
      notify_recommendations: 0,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
  await db
    .insertInto('favourites')
    .values({ user_id: 'usr_1', title_id: 't1', created_at: now } as never)
    .execute();
  await db
    .insertInto('watch_logs')
    .values({
      user_id: 'usr_1',
      title_id: 't1',
      episode_id: '',
      season_id: '',
      position: 10,
      duration: 100,
      completed: 0,
      updated_at: now,
    } as never)
    .execute();
  await db
    .insertInto('user_genres')
    .values({ user_id: 'usr_1', genre_id: 'g1' } as never)
    .execute();

  await migrateToLatest(db, dialect);

  expect(
    await db
      .selectFrom('profiles')
      .select(['id', 'user_id', 'name', 'language', 'maturity_level', 'kids'])
      .execute(),
  ).toEqual([
    { id: 'usr_1', user_id: 'usr_1', name: 'Ada', language: 'fr', maturity_level: 4, kids: 0 },
  ]);
  expect(
    await db
      .selectFrom('profiles')
      .select(['notify_new_releases', 'notify_recommendations'])
      .execute(),
  ).toEqual([{ notify_new_releases: 1, notify_recommendations: 0 }]);
  expect(await db.selectFrom('favourites').select(['profile_id', 'title_id']).execute()).toEqual([
    { profile_id: 'usr_1', title_id: 't1' },
  ]);
  expect(
    await db.selectFrom('watch_logs').select(['profile_id', 'position', 'hidden']).execute(),
  ).toEqual([{ profile_id: 'usr_1', position: 10, hidden: 0 }]);
  expect(await db.selectFrom('user_genres').select(['profile_id', 'genre_id']).execute()).toEqual([
    { profile_id: 'usr_1', genre_id: 'g1' },
  ]);
  await close();
  await pg?.drop();
});
