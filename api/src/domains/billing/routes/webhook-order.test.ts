import type { SubscriptionsTable } from '../../../db/schema';
import { signWebhook } from '../services/payment-gateway';
import { bearer, registerUser, useTestApp } from '../../../test/test-app';

// Issue 15 finding 4: providers deliver webhooks at least once and in no particular order.
// For every pair of subscription events, the older one arriving second must not roll back
// what the newer one did.

const t = useTestApp({ stripeWebhookSecret: 'whsec_test_secret' });

const now = () => Math.floor(Date.now() / 1000);
const DAY = 86400;
let seq = 0;

type Kind =
  | 'created-incomplete'
  | 'updated-active'
  | 'updated-cancelling'
  | 'updated-past_due'
  | 'invoice-paid'
  | 'invoice-failed'
  | 'deleted';
const KINDS: Kind[] = [
  'created-incomplete',
  'updated-active',
  'updated-cancelling',
  'updated-past_due',
  'invoice-paid',
  'invoice-failed',
  'deleted',
];

function event(kind: Kind, providerId: string, created: number) {
  seq += 1;
  const id = `evt_order_${seq}`;
  const sub = (type: string, object: object) => ({
    id,
    type,
    created,
    data: { object: { id: providerId, ...object } },
  });
  const invoice = (type: string, object: object) => ({
    id,
    type,
    created,
    data: {
      object: { id: `in_order_${seq}`, subscription: providerId, currency: 'usd', ...object },
    },
  });
  switch (kind) {
    case 'created-incomplete':
      return sub('customer.subscription.created', { status: 'incomplete' });
    case 'updated-active':
      return sub('customer.subscription.updated', {
        status: 'active',
        cancel_at_period_end: false,
        current_period_end: created + 20 * DAY,
      });
    case 'updated-cancelling':
      return sub('customer.subscription.updated', { status: 'active', cancel_at_period_end: true });
    case 'updated-past_due':
      return sub('customer.subscription.updated', { status: 'past_due' });
    case 'invoice-paid':
      return invoice('invoice.paid', {
        amount_paid: 1299,
        lines: { data: [{ period: { end: created + 40 * DAY } }] },
      });
    case 'invoice-failed':
      return invoice('invoice.payment_failed', {
        amount_due: 1299,
        last_payment_error: { message: 'Your card was declined.' },
      });
    case 'deleted':
      return sub('customer.subscription.deleted', { status: 'canceled' });
  }
}

async function deliver(e: object) {
  const payload = JSON.stringify(e);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/payments/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signWebhook(payload, 'whsec_test_secret'),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.outcome as string;
}

async function subscription() {
  const v = await registerUser(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/payments/checkout',
    headers: bearer(v.tokens.access),
    payload: { planId: 'premium-monthly', paymentMethodId: 'pm_card_visa' },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.subscription.id as string;
}

const row = (id: string) =>
  t.app.ctx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const state = (s: SubscriptionsTable) => ({
  status: s.status,
  currentPeriodEnd: s.current_period_end,
  cancelAtPeriodEnd: s.cancel_at_period_end,
  planId: s.plan_id,
  canceledAt: s.canceled_at,
});
const payments = async (subscriptionId: string) =>
  (
    await t.app.ctx.db
      .selectFrom('payments')
      .select('provider_ref')
      .where('subscription_id', '=', subscriptionId)
      .execute()
  ).map((p) => p.provider_ref);

const pairs = KINDS.flatMap((newer) =>
  KINDS.filter((older) => older !== newer).map((older) => [newer, older] as const),
);

test.each(pairs)(
  '%s, then an older %s arriving late, leaves the newer state',
  async (newer, older) => {
    const id = await subscription();
    const providerId = (await row(id)).provider_subscription_id;
    const base = now() + 100;
    const late = event(older, providerId, base);
    expect(await deliver(event(newer, providerId, base + 10))).toBe('processed');
    const after = state(await row(id));
    expect(await deliver(late)).toBe('ignored');
    expect(state(await row(id))).toEqual(after);
    // What the late event reports still happened: a late invoice stays in the history.
    if (older.startsWith('invoice-')) expect(await payments(id)).toContain(late.data.object.id);
  },
);

test('in order, the same events do apply (so the test above is not vacuous)', async () => {
  const id = await subscription();
  const providerId = (await row(id)).provider_subscription_id;
  const base = now() + 100;
  expect(await deliver(event('updated-past_due', providerId, base))).toBe('processed');
  expect((await row(id)).status).toBe('past_due');
  expect(await deliver(event('invoice-paid', providerId, base + 5))).toBe('processed');
  expect((await row(id)).status).toBe('active');
  expect(await deliver(event('updated-cancelling', providerId, base + 10))).toBe('processed');
  expect((await row(id)).cancel_at_period_end).toBe(1);
  expect(await deliver(event('deleted', providerId, base + 20))).toBe('processed');
  expect((await row(id)).status).toBe('canceled');
});

test('a cancelled subscription never comes back, even from a newer event', async () => {
  const id = await subscription();
  const providerId = (await row(id)).provider_subscription_id;
  const base = now() + 100;
  await deliver(event('deleted', providerId, base));
  expect(await deliver(event('updated-active', providerId, base + 10))).toBe('ignored');
  expect(await deliver(event('invoice-paid', providerId, base + 20))).toBe('ignored');
  expect((await row(id)).status).toBe('canceled');
});

test('events of one second apply in arrival order (Stripe timestamps are whole seconds)', async () => {
  const id = await subscription();
  const providerId = (await row(id)).provider_subscription_id;
  const at = now() + 100;
  await deliver(event('updated-cancelling', providerId, at));
  expect(await deliver(event('updated-active', providerId, at))).toBe('processed');
  expect((await row(id)).cancel_at_period_end).toBe(0);
});
