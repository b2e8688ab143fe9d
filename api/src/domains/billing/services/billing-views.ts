import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database, PaymentsTable, PlansTable, SubscriptionsTable } from '../../../db/schema';
import type { SubscriptionOverview } from '../schemas/subscription-schemas';
import type { Billing } from './billing';
import { SOURCE_LANGUAGE, type Language } from '../../../lib/i18n/languages';
import { planText } from './plan-texts';

/** Billing rows as the contract shows them. */
export const planView = (p: PlansTable, language: Language = SOURCE_LANGUAGE) => ({
  id: p.id,
  name: planText(p.name, language),
  description: planText(p.description, language),
  priceCents: p.price_cents,
  currency: p.currency,
  interval: p.interval,
  features: (JSON.parse(p.features_json) as string[]).map((f) => planText(f, language)),
  maxQuality: p.max_quality,
  tier: p.tier,
});

export const subscriptionView = (s: SubscriptionsTable, planName: string) => ({
  id: s.id,
  planId: s.plan_id,
  planName,
  status: s.status,
  provider: s.provider,
  currentPeriodEnd: s.current_period_end,
  cancelAtPeriodEnd: !!s.cancel_at_period_end,
  canceledAt: s.canceled_at,
  createdAt: s.created_at,
});

export const paymentView = (p: PaymentsTable) => ({
  id: p.id,
  amountCents: p.amount_cents,
  currency: p.currency,
  status: p.status,
  cardBrand: p.card_brand,
  cardLast4: p.card_last4,
  failureMessage: p.failure_message,
  createdAt: p.created_at,
});

export async function listPlans(db: Kysely<Database>, language: Language = SOURCE_LANGUAGE) {
  const plans = await db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
  return plans.map((p) => planView(p, language));
}

export async function planName(db: Kysely<Database>, planId: string): Promise<string> {
  const plan = await db
    .selectFrom('plans')
    .select('name')
    .where('id', '=', planId)
    .executeTakeFirst();
  return plan?.name ?? planId;
}

/** The manage-subscription screen: subscription, plan, entitlement, card on file and payment history. */
export async function subscriptionOverview(
  db: Kysely<Database>,
  billing: Billing,
  userId: string,
  language: Language = SOURCE_LANGUAGE,
): Promise<Static<typeof SubscriptionOverview>> {
  const sub = await billing.currentSubscription(userId);
  const plan = sub
    ? await db.selectFrom('plans').selectAll().where('id', '=', sub.plan_id).executeTakeFirst()
    : undefined;
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return {
    subscription: sub && plan ? subscriptionView(sub, planText(plan.name, language)) : null,
    plan: plan ? planView(plan, language) : null,
    isPremium: await billing.isEntitled(userId),
    payments: payments.map(paymentView),
    paymentMethod: await billing.paymentMethod(userId),
    scheduledChange: sub ? await billing.scheduledChange(sub) : null,
    paymentMode: billing.gateway.mode,
  };
}
