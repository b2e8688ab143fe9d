import { sql, type Kysely, type Migration } from 'kysely';
import { createTable, optionalText, primaryKey, requiredText } from './builders';

export const m0004Checkout: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('plans')
      .addColumn('tier', 'text', (c) => c.notNull().defaultTo('premium'))
      .execute();
    await db.updateTable('plans').set({ tier: 'basic' }).where('id', 'like', 'basic%').execute();
    for (const column of ['scheduled_plan_id', 'pending_action_json', 'payment_method_ref'])
      await db.schema.alterTable('subscriptions').addColumn(column, 'text').execute();
    await db.schema.alterTable('subscriptions').addColumn('last_event_at', 'integer').execute();
    await db.schema.alterTable('payments').addColumn('card_exp_month', 'integer').execute();
    await db.schema.alterTable('payments').addColumn('card_exp_year', 'integer').execute();

    // Before this migration a declined first payment left its row 'incomplete' for good;
    // those attempts are over, and they would otherwise block the one-open rule below.
    await db
      .updateTable('subscriptions')
      .set({ status: 'canceled' })
      .where('status', '=', 'incomplete')
      .execute();
    // A race could have left two open subscriptions for one user: keep the newest.
    const open: Array<{ id: string; user_id: string }> = await db
      .selectFrom('subscriptions')
      .select(['id', 'user_id'])
      .where('status', 'in', ['active', 'past_due'])
      .orderBy('user_id')
      .orderBy('created_at', 'desc')
      .execute();
    const kept = new Set<string>();
    for (const row of open) {
      if (!kept.has(row.user_id)) kept.add(row.user_id);
      else
        await db
          .updateTable('subscriptions')
          .set({ status: 'canceled' })
          .where('id', '=', row.id)
          .execute();
    }
    // Issue 15 finding 5: at most one open subscription per user, whatever the code path.
    // A partial unique index means the same on SQLite and PostgreSQL.
    await db.schema
      .createIndex('subscriptions_one_open_per_user')
      .on('subscriptions')
      .column('user_id')
      .unique()
      .where(sql.ref('status'), 'in', ['incomplete', 'active', 'past_due'])
      .execute();

    await createTable(db, 'idempotency_keys', [
      requiredText('user_id', 'scope', 'key', 'fingerprint'),
      (t) => t.addColumn('status_code', 'integer'),
      optionalText('response_json'),
      requiredText('created_at'),
      primaryKey('user_id', 'scope', 'key'),
    ]);
  },
};
