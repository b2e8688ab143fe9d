import { signWebhook } from '../services/payment-gateway';
import { bearer, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp({ stripeWebhookSecret: 'whsec_test_secret' });

/** Provider event time: after the checkout's own events, as real deliveries are. */
const later = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
});
const checkout = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/payments/checkout', headers: bearer(token), payload });
const play = (id: string, token?: string, query = '') =>
  t.app.inject({ url: `/v1/playback/${id}${query}`, headers: token ? bearer(token) : {} });
const webhook = (event: object, secret = 'whsec_test_secret') => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/v1/payments/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signWebhook(payload, secret),
    },
  });
};

test('plans are listed with the payment mode', async () => {
  const data = (await t.app.inject('/v1/plans')).json().data;
  expect(data.paymentMode).toBe('local');
  expect(data.plans.map((p: { id: string; tier: string }) => [p.id, p.tier])).toEqual([
    ['basic-monthly', 'basic'],
    ['basic-yearly', 'basic'],
    ['premium-monthly', 'premium'],
    ['premium-yearly', 'premium'],
  ]);
  expect(data.plans[1]).toMatchObject({
    name: 'Basic yearly',
    priceCents: 7990,
    currency: 'usd',
    interval: 'year',
    features: expect.arrayContaining(['Two months free']),
  });
});

describe('entitlement', () => {
  test('free titles play for guests; premium needs sign-in (401) and a subscription (403)', async () => {
    const free = await play('t-free');
    expect(free.statusCode).toBe(200);
    expect(free.json().data.stream).toMatchObject({
      url: expect.stringMatching(/\/media\/s\/[^/]+\/t-free\/clip-a\/master\.m3u8$/),
      mimeType: 'application/vnd.apple.mpegurl',
    });
    expect(free.json().data.subtitles[0]).toMatchObject({
      language: 'en',
      url: expect.stringMatching(/\.vtt$/),
    });
    const guest = await play('t-premium');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().status).toBe(false);
    const u = await registerUser(t.app);
    const refused = await play('t-premium', u.tokens.access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: false,
      errors: { entitlement: 'subscription_required' },
    });
  });

  test('country restrictions apply to playback', async () => {
    const res = await play('t-fr-only', undefined, '?country=US');
    expect(res.statusCode).toBe(403);
    expect(res.json().errors.entitlement).toBe('not_available_in_country');
    expect((await play('t-fr-only', undefined, '?country=FR')).statusCode).toBe(200);
  });

  test('series play the episode asked for, else resume, with markers and the next episode', async () => {
    const first = (await play('t-series')).json().data;
    expect(first).toMatchObject({
      episode: { id: 'e-series-1-1' },
      markers: { introStart: 5, introEnd: 20, creditsStart: 2500 },
      nextEpisode: { id: 'e-series-1-2' },
    });
    const u = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/v1/titles/createLog/t-series',
      headers: bearer(u.tokens.access),
      payload: { episodeId: 'e-series-1-2', position: 300, duration: 2700 },
    });
    const resumed = (await play('t-series', u.tokens.access)).json().data;
    expect(resumed).toMatchObject({
      episode: { id: 'e-series-1-2' },
      resumePosition: 300,
      nextEpisode: { id: 'e-series-2-1' },
    });
    expect((await play('t-series', undefined, '?episodeId=e-series-premium-1-1')).statusCode).toBe(
      404,
    );
    expect((await play('nope')).statusCode).toBe(404);
  });
});

describe('checkout', () => {
  test('4242 succeeds: the subscription is active and premium plays', async () => {
    const u = await registerUser(t.app);
    const res = await checkout(u.tokens.access, {
      planId: 'premium-monthly',
      card: card('4242 4242 4242 4242'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      subscription: {
        status: 'active',
        planId: 'premium-monthly',
        provider: 'local',
        cancelAtPeriodEnd: false,
      },
      payment: { status: 'succeeded', amountCents: 1299, cardBrand: 'visa', cardLast4: '4242' },
    });
    expect((await play('t-premium', u.tokens.access)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(u.tokens.access) })
      ).json().data.isPremium,
    ).toBe(true);
    const notes = (
      await t.app.inject({
        url: `/v1/notifications?user=${u.user.id}`,
        headers: bearer(u.tokens.access),
      })
    ).json().data.notifications;
    expect(notes[0].title).toBe('Welcome to Premium');
    // A second subscription is refused.
    expect(
      (
        await checkout(u.tokens.access, {
          planId: 'basic-monthly',
          paymentMethodId: 'pm_card_visa',
        })
      ).statusCode,
    ).toBe(409);
  });

  test.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
  ])('%s is declined with 402 and the reason', async (number, message) => {
    const u = await registerUser(t.app);
    const res = await checkout(u.tokens.access, { planId: 'basic-monthly', card: card(number) });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ status: false, message });
    expect((await play('t-premium', u.tokens.access)).statusCode).toBe(403);
    const manage = (
      await t.app.inject({
        url: `/v1/users/subscription/manage?userId=${u.user.id}`,
        headers: bearer(u.tokens.access),
      })
    ).json().data;
    expect(manage).toMatchObject({
      isPremium: false,
      // The attempt is over (incomplete_expired), so nothing blocks trying again.
      subscription: { status: 'canceled' },
      payments: [{ status: 'failed', failureMessage: message }],
    });
  });

  test('Stripe test PaymentMethod ids work in test mode', async () => {
    const u = await registerUser(t.app);
    expect(
      (
        await checkout(u.tokens.access, {
          planId: 'premium-yearly',
          paymentMethodId: 'pm_card_chargeDeclined',
        })
      ).statusCode,
    ).toBe(402);
    expect(
      (
        await checkout(u.tokens.access, {
          planId: 'premium-yearly',
          paymentMethodId: 'pm_card_visa',
        })
      ).statusCode,
    ).toBe(200);
  });

  test('bad card input is a 4xx', async () => {
    const u = await registerUser(t.app);
    expect((await checkout(u.tokens.access, { planId: 'premium-monthly' })).statusCode).toBe(400);
    expect(
      (
        await checkout(u.tokens.access, {
          planId: 'premium-monthly',
          card: card('4242424242424241'),
        })
      ).statusCode,
    ).toBe(402); // Luhn
    expect(
      (
        await checkout(u.tokens.access, {
          planId: 'premium-monthly',
          card: { ...card('4242424242424242'), expYear: 2001 },
        })
      ).statusCode,
    ).toBe(402);
    expect(
      (
        await checkout(u.tokens.access, {
          planId: 'premium-monthly',
          card: { ...card('4242424242424242'), cvc: 'abc' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await checkout(u.tokens.access, { planId: 'gold', card: card('4242424242424242') }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/payments/checkout',
          payload: { planId: 'premium-monthly', paymentMethodId: 'pm_card_visa' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('manage and cancel', () => {
  test('cancel keeps access until the period ends; immediately ends it', async () => {
    const u = await registerUser(t.app);
    await checkout(u.tokens.access, { planId: 'premium-monthly', card: card('4242424242424242') });
    const manage = (
      await t.app.inject({
        url: `/v1/users/subscription/manage?userId=${u.user.id}`,
        headers: bearer(u.tokens.access),
      })
    ).json().data;
    expect(manage).toMatchObject({
      isPremium: true,
      plan: { id: 'premium-monthly' },
      paymentMode: 'local',
    });
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/v1/users/cancel-web-subscription',
      headers: bearer(u.tokens.access),
      payload: { userId: u.user.id },
    });
    expect(cancel.json().data.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await play('t-premium', u.tokens.access)).statusCode).toBe(200);
    const now = await t.app.inject({
      method: 'POST',
      url: '/v1/users/cancel-web-subscription',
      headers: bearer(u.tokens.access),
      payload: { immediately: true },
    });
    expect(now.json().data.subscription.status).toBe('canceled');
    expect((await play('t-premium', u.tokens.access)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/users/cancel-web-subscription',
          headers: bearer(u.tokens.access),
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('webhook', () => {
  async function subscribed() {
    const u = await registerUser(t.app);
    const res = await checkout(u.tokens.access, {
      planId: 'premium-monthly',
      card: card('4242424242424242'),
    });
    const row = await t.app.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', res.json().data.subscription.id)
      .executeTakeFirstOrThrow();
    return { u, providerId: row.provider_subscription_id };
  }

  test('rejects missing or wrong signatures with 400', async () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } });
    const none = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().status).toBe(false);
    expect(
      (await webhook({ id: 'evt_2', type: 'invoice.paid', data: { object: {} } }, 'whsec_wrong'))
        .statusCode,
    ).toBe(400);
  });

  test('a failed renewal makes the subscription past_due and stops premium; duplicates are ignored', async () => {
    const { u, providerId } = await subscribed();
    const event = {
      id: 'evt_renewal_failed',
      type: 'invoice.payment_failed',
      created: later(1),
      data: {
        object: {
          id: 'in_1',
          subscription: providerId,
          amount_due: 1299,
          currency: 'usd',
          last_payment_error: { message: 'Your card was declined.' },
        },
      },
    };
    const first = await webhook(event);
    expect(first.json().data.outcome).toBe('processed');
    expect((await webhook(event)).json().data.outcome).toBe('duplicate');
    expect((await play('t-premium', u.tokens.access)).statusCode).toBe(403);
    const paid = await webhook({
      id: 'evt_renewal_paid',
      type: 'invoice.paid',
      created: later(2),
      data: {
        object: {
          id: 'in_2',
          subscription: providerId,
          amount_paid: 1299,
          currency: 'usd',
          lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 86400 * 30 } }] },
        },
      },
    });
    expect(paid.json().data.outcome).toBe('processed');
    expect((await play('t-premium', u.tokens.access)).statusCode).toBe(200);
  });

  test('subscription deleted ends access; unknown subscriptions are ignored', async () => {
    const { u, providerId } = await subscribed();
    expect(
      (
        await webhook({
          id: 'evt_deleted',
          type: 'customer.subscription.deleted',
          created: later(3),
          data: { object: { id: providerId, status: 'canceled' } },
        })
      ).json().data.outcome,
    ).toBe('processed');
    expect((await play('t-premium', u.tokens.access)).statusCode).toBe(403);
    expect(
      (
        await webhook({
          id: 'evt_other',
          type: 'invoice.paid',
          created: later(4),
          data: { object: { subscription: 'sub_unknown' } },
        })
      ).json().data.outcome,
    ).toBe('ignored');
  });

  test('a body that is not an event is a 400', async () => {
    expect((await webhook({ hello: 'world' })).statusCode).toBe(400);
  });
});
