import { type Kysely, type Migration } from 'kysely';
import { createIndex, optionalText, requiredInteger, requiredText, textKey } from './builders';

export const m0003Billing: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('plans')
      .$call(textKey('id'))
      .$call(requiredText('name', 'description'))
      .$call(requiredInteger('price_cents'))
      .$call(requiredText('currency', 'interval', 'features_json', 'max_quality'))
      .$call(optionalText('stripe_price_id'))
      .$call(requiredInteger('sort_order'))
      .execute();
    await db.schema
      .createTable('subscriptions')
      .$call(textKey('id'))
      .$call(requiredText('user_id', 'plan_id', 'status', 'provider'))
      .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
      .$call(optionalText('current_period_end'))
      .$call(requiredInteger('cancel_at_period_end'))
      .$call(optionalText('canceled_at'))
      .$call(requiredText('created_at', 'updated_at'))
      .execute();
    await createIndex(db, 'subscriptions_user', 'subscriptions', ['user_id', 'created_at']);
    await db.schema
      .createTable('payments')
      .$call(textKey('id'))
      .$call(requiredText('user_id', 'subscription_id', 'provider_ref'))
      .$call(requiredInteger('amount_cents'))
      .$call(requiredText('currency', 'status'))
      .$call(optionalText('card_brand', 'card_last4', 'failure_message'))
      .$call(requiredText('created_at'))
      .execute();
    await createIndex(db, 'payments_user', 'payments', ['user_id', 'created_at']);
    await db.schema
      .createTable('webhook_events')
      .$call(textKey('id'))
      .$call(requiredText('type', 'received_at'))
      .execute();
  },
};
