import { type Kysely, type Migration } from 'kysely';
import { createIndex, requiredText } from './builders';

export const m0003Billing: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('plans')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .$call(requiredText('currency', 'interval', 'features_json', 'max_quality'))
      .addColumn('stripe_price_id', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('user_id', 'plan_id', 'status', 'provider'))
      .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
      .addColumn('current_period_end', 'text')
      .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull())
      .addColumn('canceled_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await createIndex(db, 'subscriptions_user', 'subscriptions', ['user_id', 'created_at']);
    await db.schema
      .createTable('payments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('user_id', 'subscription_id', 'provider_ref'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('card_brand', 'text')
      .addColumn('card_last4', 'text')
      .addColumn('failure_message', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await createIndex(db, 'payments_user', 'payments', ['user_id', 'created_at']);
    await db.schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
  },
};
