import { openDatabase } from './database';
import { migrateToLatest } from './migrations';
import { PLANS, upsertPlans } from './seed';
import { createTestDatabase, onPostgres } from '../test/test-database';

test('a database from before checkout upgrades: plan tiers, basic-yearly, one open subscription per user', async () => {
  const { db, dialect, close } = await openDatabase({ dbFile: ':memory:' });
  await migrateToLatest(db, dialect, '0003_billing');
  const old = PLANS.filter((p) => p.id !== 'basic-yearly').map(
    ({ tier: _tier, ...p }) => p as Record<string, unknown>,
  );
  await db
    .insertInto('plans')
    .values(old as never)
    .execute();
  const sub = (id: string, status: string, created: string) => ({
    id,
    user_id: 'u1',
    plan_id: 'premium-monthly',
    status,
    provider: 'local',
    provider_subscription_id: `p_${id}`,
    current_period_end: null,
    cancel_at_period_end: 0,
    canceled_at: null,
    created_at: created,
    updated_at: created,
  });
  // What the old code left behind: a declined attempt stuck 'incomplete', and a race's duplicate.
  await db
    .insertInto('subscriptions')
    .values([
      sub('declined', 'incomplete', '2026-01-01T00:00:00.000Z'),
      sub('older', 'active', '2026-01-02T00:00:00.000Z'),
      sub('newer', 'active', '2026-01-03T00:00:00.000Z'),
    ] as never)
    .execute();

  await migrateToLatest(db, dialect);
  await upsertPlans(db);
  await upsertPlans(db); // every start runs it

  const plans = await db.selectFrom('plans').select(['id', 'tier']).orderBy('sort_order').execute();
  expect(plans).toEqual([
    { id: 'basic-monthly', tier: 'basic' },
    { id: 'basic-yearly', tier: 'basic' },
    { id: 'premium-monthly', tier: 'premium' },
    { id: 'premium-yearly', tier: 'premium' },
  ]);
  const subs = await db
    .selectFrom('subscriptions')
    .select(['id', 'status'])
    .orderBy('id')
    .execute();
  expect(subs).toEqual([
    { id: 'declined', status: 'canceled' },
    { id: 'newer', status: 'active' },
    { id: 'older', status: 'canceled' },
  ]);
  await expect(
    db
      .insertInto('subscriptions')
      .values({
        ...sub('again', 'past_due', '2026-02-01T00:00:00.000Z'),
        last_event_at: null,
      } as never)
      .execute(),
  ).rejects.toHaveProperty('code', 'SQLITE_CONSTRAINT_UNIQUE'); // (the native error class is not this test realm's Error)
  await close();
});

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
