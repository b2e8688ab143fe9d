import { type Kysely, type Migration } from 'kysely';
import {
  createIndex,
  createTable,
  optionalText,
  requiredInteger,
  requiredText,
  textKey,
  uniqueText,
} from './builders';

export const m0003Billing: Migration = {
  async up(db: Kysely<any>) {
    await createTable(db, 'plans', [
      textKey('id'),
      requiredText('name', 'description'),
      requiredInteger('price_cents'),
      requiredText('currency', 'interval', 'features_json', 'max_quality'),
      optionalText('stripe_price_id'),
      requiredInteger('sort_order'),
    ]);
    await createTable(db, 'subscriptions', [
      textKey('id'),
      requiredText('user_id', 'plan_id', 'status', 'provider'),
      uniqueText('provider_subscription_id'),
      optionalText('current_period_end'),
      requiredInteger('cancel_at_period_end'),
      optionalText('canceled_at'),
      requiredText('created_at', 'updated_at'),
    ]);
    await createIndex(db, 'subscriptions_user', 'subscriptions', ['user_id', 'created_at']);
    await createTable(db, 'payments', [
      textKey('id'),
      requiredText('user_id', 'subscription_id', 'provider_ref'),
      requiredInteger('amount_cents'),
      requiredText('currency', 'status'),
      optionalText('card_brand', 'card_last4', 'failure_message'),
      requiredText('created_at'),
    ]);
    await createIndex(db, 'payments_user', 'payments', ['user_id', 'created_at']);
    await createTable(db, 'webhook_events', [textKey('id'), requiredText('type', 'received_at')]);
  },
};
