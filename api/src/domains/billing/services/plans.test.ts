import { openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrations';
import { PLANS, upsertPlans } from './plans';

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
