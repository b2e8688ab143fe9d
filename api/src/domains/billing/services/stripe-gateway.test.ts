import Stripe from 'stripe';
import type { PlansTable } from '../../../db/schema';
import { bearer, buildTestApp, registerUser } from '../../../test/test-app';
import { CardError } from './payment-gateway';
import { StripeGateway } from './stripe-gateway';

// Stripe cannot be reached from here, so its HTTP layer is stubbed: every request the SDK
// makes is recorded and answered like the Stripe API would.

interface Call {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | null;
}
type Answer = { status?: number; body: object };

function fakeStripe(routes: Record<string, (call: Call) => Answer>) {
  const calls: Call[] = [];
  const fetchFn = async (url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url));
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: u.pathname,
      body: new URLSearchParams(
        init?.method === 'GET' ? u.search : typeof init?.body === 'string' ? init.body : '',
      ),
      idempotencyKey: headers.get('idempotency-key'),
    };
    calls.push(call);
    const route = Object.keys(routes).find((r) => {
      const [method, pattern] = r.split(' ');
      return method === call.method && new RegExp(`^${pattern}$`).test(call.path);
    });
    const answer = route
      ? routes[route]!(call)
      : { status: 404, body: { error: { type: 'invalid_request_error', message: 'no route' } } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test' },
    });
  };
  const gateway = new StripeGateway('sk_test_stubbed', {
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    maxNetworkRetries: 0,
  });
  return { gateway, calls };
}

const plan: PlansTable = {
  id: 'premium-monthly',
  name: 'Premium',
  description: '',
  price_cents: 1299,
  currency: 'usd',
  interval: 'month',
  features_json: '[]',
  max_quality: '1080p',
  stripe_price_id: 'price_premium',
  sort_order: 1,
  tier: 'premium',
};
const user = { id: 'u1', email: 'a@example.com', name: 'A' };
const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86400;
const paidInvoice = {
  id: 'in_1',
  status: 'paid',
  amount_paid: 1299,
  currency: 'usd',
  lines: { data: [{ period: { end: periodEnd } }] },
};
const incomplete = {
  id: 'sub_1',
  object: 'subscription',
  status: 'incomplete',
  latest_invoice: {
    id: 'in_1',
    status: 'open',
    payments: { data: [{ payment: { payment_intent: 'pi_1' } }] },
  },
};
const active = {
  id: 'sub_1',
  object: 'subscription',
  status: 'active',
  latest_invoice: paidInvoice,
};
const card = { card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } };

const happyRoutes = (intentStatus = 'succeeded') => {
  let n = 0;
  const idIn = (call: Call) => call.path.split('/').pop()!;
  return {
    'POST /v1/customers': () => ({ body: { id: 'cus_1' } }),
    'GET /v1/prices': () => ({ body: { object: 'list', data: [] } }),
    'POST /v1/prices': () => ({ body: { id: 'price_created' } }),
    'POST /v1/subscriptions': () => ({ body: { ...incomplete, id: `sub_${++n}` } }),
    'POST /v1/payment_intents/pi_1/confirm': () => ({
      body: { id: 'pi_1', status: intentStatus, client_secret: 'pi_1_secret_abc' },
    }),
    'GET /v1/payment_intents/pi_1': () => ({
      body: { id: 'pi_1', status: 'succeeded', payment_method: 'pm_1' },
    }),
    'GET /v1/subscriptions/sub_\\d+': (call: Call) => ({ body: { ...active, id: idIn(call) } }),
    'GET /v1/payment_methods/pm_1': () => ({ body: { id: 'pm_1', ...card } }),
    'DELETE /v1/subscriptions/sub_\\d+': (call: Call) => ({
      body: { ...incomplete, id: idIn(call), status: 'canceled' },
    }),
  };
};

test('a subscription is created incomplete with idempotency keys, confirmed, and reported as paid', async () => {
  const { gateway, calls } = fakeStripe(happyRoutes());
  const result = await gateway.createSubscription({
    user,
    plan,
    card: { paymentMethodId: 'pm_1' },
    idempotencyKey: 'checkout-u1-key123',
  });
  const posts = calls.filter((c) => c.method === 'POST');
  expect(posts.map((c) => [c.path, c.idempotencyKey])).toEqual([
    ['/v1/customers', 'checkout-u1-key123-customer'],
    ['/v1/subscriptions', 'checkout-u1-key123-subscription'],
    ['/v1/payment_intents/pi_1/confirm', 'checkout-u1-key123-confirm'],
  ]);
  const create = posts[1]!.body;
  expect(create.get('payment_behavior')).toBe('default_incomplete');
  expect(create.get('items[0][price]')).toBe('price_premium');
  expect(create.get('default_payment_method')).toBe('pm_1');
  expect(result).toMatchObject({ providerSubscriptionId: 'sub_1', paymentMethodRef: 'pm_1' });
  expect(result.nextAction).toBeUndefined();
  expect(result.immediateEvents!.map((e) => e.type)).toEqual([
    'invoice.paid',
    'customer.subscription.updated',
  ]);
  expect(result.immediateEvents![0]!.data.object).toMatchObject({
    id: 'in_1',
    subscription: 'sub_1',
    payment_details: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
  });
});

test('a card that needs the bank returns the PaymentIntent client secret, then confirm re-reads Stripe', async () => {
  const { gateway, calls } = fakeStripe(happyRoutes('requires_action'));
  const result = await gateway.createSubscription({
    user,
    plan,
    card: { paymentMethodId: 'pm_1' },
    idempotencyKey: 'k',
  });
  expect(result.nextAction).toEqual({ type: 'stripe_sca', clientSecret: 'pi_1_secret_abc' });
  const confirmed = await gateway.confirmSubscription({
    providerSubscriptionId: 'sub_1',
    approve: false, // ignored with Stripe: Stripe says how authentication went
    pendingState: result.pendingState!,
  });
  expect(calls.some((c) => c.method === 'GET' && c.path === '/v1/payment_intents/pi_1')).toBe(true);
  expect(confirmed.immediateEvents!.at(-1)!.data.object.status).toBe('active');
});

test('a decline is a CardError and the incomplete subscription is cancelled at Stripe', async () => {
  const { gateway, calls } = fakeStripe({
    ...happyRoutes(),
    'POST /v1/payment_intents/pi_1/confirm': () => ({
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      },
    }),
  });
  const attempt = gateway.createSubscription({
    user,
    plan,
    card: { paymentMethodId: 'pm_1' },
    idempotencyKey: 'k',
  });
  await expect(attempt).rejects.toBeInstanceOf(CardError);
  await expect(attempt).rejects.toMatchObject({
    message: 'Your card was declined.',
    code: 'card_declined',
  });
  expect(calls.some((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_1')).toBe(
    true,
  );
});

test('an upgrade invoices the proration now; a downgrade swaps the price for the renewal', async () => {
  const { gateway, calls } = fakeStripe({
    'GET /v1/subscriptions/sub_1': () => ({
      body: { ...active, items: { data: [{ id: 'si_1' }] } },
    }),
    'POST /v1/subscriptions/sub_1': (call) => ({
      body: { ...active, metadata: Object.fromEntries(call.body) },
    }),
    'GET /v1/payment_methods/pm_1': () => ({ body: { id: 'pm_1', ...card } }),
  });
  const base = {
    providerSubscriptionId: 'sub_1',
    paymentMethodRef: 'pm_1',
    plan,
    amountCents: 500,
  };
  await gateway.changePlan({ ...base, periodEnd: null, effectiveAt: null, idempotencyKey: 'up' });
  const end = new Date(periodEnd * 1000).toISOString();
  await gateway.changePlan({ ...base, periodEnd: null, effectiveAt: end, idempotencyKey: 'down' });
  const [up, down] = calls.filter((c) => c.method === 'POST');
  expect(up!.idempotencyKey).toBe('up-change');
  expect(up!.body.get('proration_behavior')).toBe('always_invoice');
  expect(up!.body.get('payment_behavior')).toBe('error_if_incomplete');
  expect(up!.body.get('items[0][id]')).toBe('si_1');
  expect(down!.body.get('proration_behavior')).toBe('none');
  expect(down!.body.get('metadata[planEffectiveAt]')).toBe(String(periodEnd));
});

describe('through the API (one app, Stripe answers switchable)', () => {
  let down = false;
  const routes = happyRoutes();
  const { gateway, calls } = fakeStripe({
    ...routes,
    'POST /v1/customers': () =>
      down
        ? {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such thing' } },
          }
        : routes['POST /v1/customers'](),
  });
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ stripeWebhookSecret: 'whsec_test_secret', paymentGateway: gateway });
  });
  afterAll(() => t.close());
  const send = (token: string, planId: string, idempotencyKey: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/payments/checkout',
      headers: bearer(token),
      payload: { planId, paymentMethodId: 'pm_1', idempotencyKey },
    });

  test('checkout in Stripe mode, replayed with its key, reaches Stripe once', async () => {
    const v = await registerUser(t.app);
    const first = await send(v.tokens.access, 'premium-monthly', 'stripe-key-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      subscription: { status: 'active', provider: 'stripe' },
      payment: { status: 'succeeded', amountCents: 1299, cardLast4: '4242' },
      nextAction: null,
    });
    // The plan had no Stripe price yet: it was created once, under a stable idempotency key.
    expect(calls.find((c) => c.method === 'POST' && c.path === '/v1/prices')?.idempotencyKey).toBe(
      'price-premium-monthly-1299-month',
    );
    const made = calls.length;
    const again = await send(v.tokens.access, 'premium-monthly', 'stripe-key-1');
    expect(again.json()).toEqual(first.json());
    expect(calls.length).toBe(made);
    const manage = await t.app.inject({
      url: `/v1/users/subscription/manage?userId=${v.user.id}`,
      headers: bearer(v.tokens.access),
    });
    expect(manage.json().data).toMatchObject({
      paymentMode: 'stripe',
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
    });
  });

  test('Stripe failing for another reason is a 502 and the attempt may be retried', async () => {
    const v = await registerUser(t.app);
    down = true;
    const failed = await send(v.tokens.access, 'basic-monthly', 'stripe-key-2');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/payment provider/);
    down = false;
    expect((await send(v.tokens.access, 'basic-monthly', 'stripe-key-2')).statusCode).toBe(200);
  });
});
