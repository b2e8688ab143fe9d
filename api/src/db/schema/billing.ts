/** The billing domain's tables: plans, subscriptions and payments. Conventions: ./index.ts. */

export interface PlansTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  interval: 'month' | 'year';
  features_json: string;
  max_quality: string;
  stripe_price_id: string | null;
  sort_order: number;
  tier: 'basic' | 'premium';
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  provider: 'local' | 'stripe';
  provider_subscription_id: string;
  current_period_end: string | null;
  cancel_at_period_end: number;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
  /** `created` (unix seconds) of the newest provider event applied; older ones are ignored. */
  last_event_at: number | null;
  /** A downgrade waiting for the renewal at current_period_end. */
  scheduled_plan_id: string | null;
  /** Opaque gateway state of a payment waiting for the bank (SCA): JSON. */
  pending_action_json: string | null;
  /** The gateway's reference to the card on file, charged for upgrades. */
  payment_method_ref: string | null;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  subscription_id: string;
  provider_ref: string;
  amount_cents: number;
  currency: string;
  status: 'succeeded' | 'failed';
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  failure_message: string | null;
  created_at: string;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface IdempotencyKeysTable {
  user_id: string;
  scope: string;
  key: string;
  fingerprint: string;
  /** null while the first attempt runs. */
  status_code: number | null;
  response_json: string | null;
  created_at: string;
}

export interface BillingTables {
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  webhook_events: WebhookEventsTable;
  idempotency_keys: IdempotencyKeysTable;
}
