import { isUniqueViolation } from '../services/idempotency';
import { signWebhook } from '../services/payment-gateway';
import { bearer, buildTestApp, registerUser, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ stripeWebhookSecret: 'whsec_test_secret' });
});
afterAll(() => t.close());

type Viewer = Awaited<ReturnType<typeof registerUser>>;

const card = (number: string) => ({
  number,
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
});
let keys = 0;
const newKey = () => `attempt_${Date.now()}_${++keys}`;
const checkout = (v: Viewer, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/payments/checkout',
    headers: bearer(v.tokens.access),
    payload,
  });
const confirm = (v: Viewer, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/payments/checkout/confirm',
    headers: bearer(v.tokens.access),
    payload,
  });
const manage = async (v: Viewer) =>
  (
    await t.app.inject({
      url: `/v1/users/subscription/manage?userId=${v.user.id}`,
      headers: bearer(v.tokens.access),
    })
  ).json().data;
const plays = async (v: Viewer) =>
  (await t.app.inject({ url: '/v1/playback/t-premium', headers: bearer(v.tokens.access) }))
    .statusCode === 200;
const rows = (table: 'subscriptions' | 'payments', userId: string) =>
  t.app.ctx.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();
const post = (v: Viewer, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/v1${url}`, headers: bearer(v.tokens.access), payload });
const preview = (v: Viewer, planId: string) =>
  t.app.inject({
    url: `/v1/users/subscription/change-plan?planId=${planId}`,
    headers: bearer(v.tokens.access),
  });
const changePlan = (v: Viewer, planId: string, idempotencyKey = newKey()) =>
  post(v, '/users/subscription/change-plan', { planId, idempotencyKey });
const webhook = (event: object) => {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/v1/payments/webhook',
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signWebhook(payload, 'whsec_test_secret'),
    },
  });
};
async function subscribedTo(planId: string) {
  const v = await registerUser(t.app);
  const res = await checkout(v, {
    planId,
    card: card('4242424242424242'),
    idempotencyKey: newKey(),
  });
  expect(res.statusCode).toBe(200);
  return v;
}

describe('idempotent checkout (issue 15 finding 5)', () => {
  test('a double submit with one key makes one subscription and one payment, and answers the same', async () => {
    const v = await registerUser(t.app);
    const body = {
      planId: 'premium-monthly',
      card: card('4242424242424242'),
      idempotencyKey: newKey(),
    };
    const first = await checkout(v, body);
    const second = await checkout(v, body);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(first.json().data.nextAction).toBeNull();
    expect(await rows('subscriptions', v.user.id)).toHaveLength(1);
    expect(await rows('payments', v.user.id)).toHaveLength(1);
  });

  test('concurrent duplicates are serialised onto the first attempt', async () => {
    const v = await registerUser(t.app);
    const body = {
      planId: 'basic-monthly',
      card: card('4242424242424242'),
      idempotencyKey: newKey(),
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => checkout(v, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data.subscription.id)).size).toBe(1);
    expect(await rows('subscriptions', v.user.id)).toHaveLength(1);
    expect(await rows('payments', v.user.id)).toHaveLength(1);
  });

  test('without keys, concurrent checkouts still leave one open subscription (database constraint)', async () => {
    const v = await registerUser(t.app);
    const answers = await Promise.all(
      ['premium-monthly', 'basic-monthly', 'premium-yearly'].map((planId) =>
        checkout(v, { planId, paymentMethodId: 'pm_card_visa' }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toMatch(
      /already|in progress/i,
    );
    const open = (await rows('subscriptions', v.user.id)).filter((s) => s.status !== 'canceled');
    expect(open).toHaveLength(1);
    expect(await rows('payments', v.user.id)).toHaveLength(1);
  });

  test('a checkout still talking to the provider is not cancelled by a second one; an abandoned one is replaced', async () => {
    const v = await registerUser(t.app);
    const reserve = (id: string, createdAt: string) =>
      t.app.ctx.db
        .insertInto('subscriptions')
        .values({
          id,
          user_id: v.user.id,
          plan_id: 'basic-monthly',
          status: 'incomplete',
          provider: 'local',
          provider_subscription_id: `pending_${id}`,
          current_period_end: null,
          cancel_at_period_end: 0,
          canceled_at: null,
          created_at: createdAt,
          updated_at: createdAt,
          last_event_at: null,
          scheduled_plan_id: null,
          pending_action_json: null,
          payment_method_ref: null,
        })
        .execute();
    // What another request holds while it waits for the provider.
    await reserve('sub_in_flight', new Date().toISOString());
    const second = await checkout(v, {
      planId: 'premium-monthly',
      paymentMethodId: 'pm_card_visa',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/in progress/i);
    expect((await rows('subscriptions', v.user.id)).map((s) => s.status)).toEqual(['incomplete']);
    // The same reservation ten minutes on belongs to a request that never finished.
    await t.app.ctx.db
      .updateTable('subscriptions')
      .set({ created_at: new Date(Date.now() - 10 * 60_000).toISOString() })
      .where('id', '=', 'sub_in_flight')
      .execute();
    const retried = await checkout(v, {
      planId: 'premium-monthly',
      paymentMethodId: 'pm_card_visa',
    });
    expect(retried.statusCode).toBe(200);
    const statuses = (await rows('subscriptions', v.user.id)).map((s) => [s.id, s.status]);
    expect(statuses).toContainEqual(['sub_in_flight', 'canceled']);
  });

  test('the database refuses a second open subscription whatever the code path', async () => {
    const v = await subscribedTo('basic-monthly');
    const [row] = await rows('subscriptions', v.user.id);
    const now = new Date().toISOString();
    const refused: unknown = await t.app.ctx.db
      .insertInto('subscriptions')
      .values({
        ...row!,
        id: 'sub_second',
        provider_subscription_id: 'sub_provider_second',
        status: 'incomplete',
        created_at: now,
      })
      .execute()
      .then(
        () => null,
        (err: unknown) => err,
      );
    // SQLite's or PostgreSQL's duplicate-key error, as the billing code recognises it.
    expect(refused).not.toBeNull();
    expect(isUniqueViolation(refused)).toBe(true);
    // A closed one is history and is allowed.
    await t.app.ctx.db
      .insertInto('subscriptions')
      .values({
        ...row!,
        id: 'sub_old',
        provider_subscription_id: 'sub_provider_old',
        status: 'canceled',
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
  });

  test('a replayed decline answers the same 402 without charging again; another key may try again', async () => {
    const v = await registerUser(t.app);
    const body = {
      planId: 'basic-monthly',
      card: card('4000000000000002'),
      idempotencyKey: newKey(),
    };
    const first = await checkout(v, body);
    const again = await checkout(v, body);
    expect(first.statusCode).toBe(402);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(first.json());
    expect(first.json().message).toBe('Your card was declined.');
    expect(await rows('payments', v.user.id)).toHaveLength(1);
    const retry = await checkout(v, {
      planId: 'basic-monthly',
      card: card('4242424242424242'),
      idempotencyKey: newKey(),
    });
    expect(retry.statusCode).toBe(200);
    expect(await plays(v)).toBe(true);
  });

  test('one key cannot buy two different plans; malformed keys are a 400', async () => {
    const v = await registerUser(t.app);
    const idempotencyKey = newKey();
    await checkout(v, { planId: 'basic-monthly', paymentMethodId: 'pm_card_visa', idempotencyKey });
    const other = await checkout(v, {
      planId: 'premium-monthly',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/different/);
    const bad = await checkout(await registerUser(t.app), {
      planId: 'basic-monthly',
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: 'short',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('idempotencyKey');
  });

  test('keys are per viewer: the same key from someone else is a new attempt', async () => {
    const idempotencyKey = newKey();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const body = { planId: 'basic-monthly', paymentMethodId: 'pm_card_visa', idempotencyKey };
    const ra = await checkout(a, body);
    const rb = await checkout(b, body);
    expect(ra.statusCode).toBe(200);
    expect(rb.statusCode).toBe(200);
    expect(rb.json().data.subscription.id).not.toBe(ra.json().data.subscription.id);
  });
});

describe('subscribing again', () => {
  test('after a failed renewal (past_due) a new card subscribes again and the old subscription ends', async () => {
    const v = await subscribedTo('basic-monthly');
    const [old] = await rows('subscriptions', v.user.id);
    await webhook({
      id: `evt_failed_${v.user.id}`,
      type: 'invoice.payment_failed',
      created: Math.floor(Date.now() / 1000) + 60,
      data: {
        object: {
          id: `in_failed_${v.user.id}`,
          subscription: old!.provider_subscription_id,
          amount_due: 799,
          currency: 'usd',
        },
      },
    });
    expect((await manage(v)).subscription.status).toBe('past_due');
    const again = await checkout(v, {
      planId: 'premium-monthly',
      card: card('5555555555554444'),
      idempotencyKey: newKey(),
    });
    expect(again.statusCode).toBe(200);
    const subs = await rows('subscriptions', v.user.id);
    expect(subs.find((s) => s.id === old!.id)!.status).toBe('canceled');
    expect(await plays(v)).toBe(true);
  });

  test('after the period ran out, checkout works again', async () => {
    const v = await subscribedTo('basic-monthly');
    await t.app.ctx.db
      .updateTable('subscriptions')
      .set({ current_period_end: '2020-01-01T00:00:00.000Z' })
      .where('user_id', '=', v.user.id)
      .execute();
    expect(await plays(v)).toBe(false);
    const again = await checkout(v, { planId: 'basic-monthly', paymentMethodId: 'pm_card_visa' });
    expect(again.statusCode).toBe(200);
    expect(await plays(v)).toBe(true);
  });
});

describe('strong customer authentication (4000 0025 0000 3155)', () => {
  test('the challenge must be approved before the subscription is active', async () => {
    const v = await registerUser(t.app);
    const res = await checkout(v, {
      planId: 'premium-monthly',
      card: card('4000 0025 0000 3155'),
      idempotencyKey: newKey(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: 'Confirm this payment with your bank.',
      data: {
        subscription: { status: 'incomplete' },
        nextAction: { type: 'local_challenge', challengeId: expect.any(String) },
      },
    });
    expect(await plays(v)).toBe(false);
    const subscriptionId = res.json().data.subscription.id;
    expect((await confirm(v, { subscriptionId })).statusCode).toBe(400); // approve or fail, not neither
    const other = await registerUser(t.app);
    expect((await confirm(other, { subscriptionId, approve: true })).statusCode).toBe(404);

    const approved = await confirm(v, { subscriptionId, approve: true });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      subscription: { id: subscriptionId, status: 'active' },
      payment: { status: 'succeeded', amountCents: 1299, cardLast4: '3155' },
      nextAction: null,
    });
    expect(await plays(v)).toBe(true);
    // Confirming again is harmless.
    expect(
      (await confirm(v, { subscriptionId, approve: true })).json().data.subscription.status,
    ).toBe('active');
    expect(await rows('payments', v.user.id)).toHaveLength(1);
  });

  test('a failed challenge is a 402, not entitled, and the viewer can try again', async () => {
    const v = await registerUser(t.app);
    const res = await checkout(v, {
      planId: 'basic-monthly',
      paymentMethodId: 'pm_card_authenticationRequired',
      idempotencyKey: newKey(),
    });
    const subscriptionId = res.json().data.subscription.id;
    const failed = await confirm(v, { subscriptionId, approve: false });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toBe('Your bank did not authenticate this payment.');
    expect(await plays(v)).toBe(false);
    expect((await manage(v)).subscription.status).toBe('canceled');
    expect((await confirm(v, { subscriptionId, approve: true })).statusCode).toBe(402);

    const retry = await checkout(v, {
      planId: 'basic-monthly',
      card: card('4000002500003155'),
      idempotencyKey: newKey(),
    });
    const approved = await confirm(v, {
      subscriptionId: retry.json().data.subscription.id,
      approve: true,
    });
    expect(approved.statusCode).toBe(200);
    expect(await plays(v)).toBe(true);
  });

  test('a double click on approve confirms once', async () => {
    const v = await registerUser(t.app);
    const res = await checkout(v, {
      planId: 'premium-monthly',
      card: card('4000002500003155'),
      idempotencyKey: newKey(),
    });
    const subscriptionId = res.json().data.subscription.id;
    const answers = await Promise.all([
      confirm(v, { subscriptionId, approve: true }),
      confirm(v, { subscriptionId, approve: true }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    expect(await rows('payments', v.user.id)).toHaveLength(1);
    expect(await plays(v)).toBe(true);
  });

  test('a new attempt replaces a challenge left open', async () => {
    const v = await registerUser(t.app);
    const abandoned = await checkout(v, {
      planId: 'basic-monthly',
      card: card('4000002500003155'),
      idempotencyKey: newKey(),
    });
    const paid = await checkout(v, {
      planId: 'basic-monthly',
      card: card('4242424242424242'),
      idempotencyKey: newKey(),
    });
    expect(paid.statusCode).toBe(200);
    expect(
      (await confirm(v, { subscriptionId: abandoned.json().data.subscription.id, approve: true }))
        .statusCode,
    ).toBe(402);
    const subs = await rows('subscriptions', v.user.id);
    expect(subs.filter((s) => s.status === 'active')).toHaveLength(1);
  });
});

describe('manage, resume and users/{id}.plan', () => {
  test('manage shows the card on file and the profile names the plan', async () => {
    const v = await registerUser(t.app);
    const before = (
      await t.app.inject({ url: `/v1/users/${v.user.id}`, headers: bearer(v.tokens.access) })
    ).json().data;
    expect(before).toMatchObject({ isPremium: false, plan: null });
    expect(await manage(v)).toMatchObject({ paymentMethod: null, scheduledChange: null });
    await checkout(v, {
      planId: 'basic-yearly',
      card: card('5555 5555 5555 4444'),
      idempotencyKey: newKey(),
    });
    expect(await manage(v)).toMatchObject({
      plan: { id: 'basic-yearly', tier: 'basic', interval: 'year', priceCents: 7990 },
      paymentMethod: {
        brand: 'mastercard',
        last4: '4444',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
      },
      scheduledChange: null,
    });
    const after = (
      await t.app.inject({ url: `/v1/users/${v.user.id}`, headers: bearer(v.tokens.access) })
    ).json().data;
    expect(after).toMatchObject({
      isPremium: true,
      plan: { id: 'basic-yearly', name: 'Basic yearly', tier: 'basic' },
    });
  });

  test('cancel at period end, then resume before it ends', async () => {
    const v = await subscribedTo('premium-monthly');
    const nothing = await post(v, '/users/resume-web-subscription');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toMatch(/nothing to resume/);
    const cancelled = await post(v, '/users/cancel-web-subscription', {});
    expect(cancelled.json().data.subscription.cancelAtPeriodEnd).toBe(true);
    const resumed = await post(v, '/users/resume-web-subscription', { userId: v.user.id });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: cancelled.json().data.subscription.currentPeriodEnd,
    });
    expect(await plays(v)).toBe(true);
    expect((await manage(v)).subscription.cancelAtPeriodEnd).toBe(false);

    await post(v, '/users/cancel-web-subscription', { immediately: true });
    const ended = await post(v, '/users/resume-web-subscription');
    expect(ended.statusCode).toBe(404);
    expect(ended.json().message).toMatch(/already ended/);
    const stranger = await registerUser(t.app);
    expect((await post(stranger, '/users/resume-web-subscription')).statusCode).toBe(404);
    expect(
      (await post(stranger, '/users/resume-web-subscription', { userId: v.user.id })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/users/resume-web-subscription',
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('change plan', () => {
  test('an upgrade charges the prorated difference now and switches at once', async () => {
    const v = await subscribedTo('basic-monthly');
    const p = await preview(v, 'premium-monthly');
    expect(p.statusCode).toBe(200);
    const data = p.json().data;
    expect(data).toMatchObject({
      currentPlan: { id: 'basic-monthly' },
      newPlan: { id: 'premium-monthly', tier: 'premium' },
      direction: 'upgrade',
      currency: 'usd',
      nextAmountCents: 1299,
    });
    // A period that has only just started: nearly the whole difference of 5.00.
    expect(data.amountDueNowCents).toBeGreaterThanOrEqual(495);
    expect(data.amountDueNowCents).toBeLessThanOrEqual(500);
    expect(data.description).toMatch(/\$4\.9\d|\$5\.00/);

    const applied = await changePlan(v, 'premium-monthly');
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({
      subscription: { planId: 'premium-monthly', planName: 'Premium', status: 'active' },
      payment: { status: 'succeeded', amountCents: data.amountDueNowCents, cardLast4: '4242' },
      scheduledChange: null,
    });
    const profile = (
      await t.app.inject({ url: `/v1/users/${v.user.id}`, headers: bearer(v.tokens.access) })
    ).json().data;
    expect(profile.plan).toEqual({ id: 'premium-monthly', name: 'Premium', tier: 'premium' });
    const m = await manage(v);
    expect(m.payments.map((x: { amountCents: number }) => x.amountCents)).toEqual([
      data.amountDueNowCents,
      799,
    ]);
  });

  test('proration is exact in the middle of a period; a new interval starts a new period', async () => {
    const v = await subscribedTo('basic-monthly');
    const [sub] = await rows('subscriptions', v.user.id);
    const end = new Date(sub!.current_period_end!);
    const start = new Date(end);
    start.setUTCMonth(start.getUTCMonth() - 1);
    const middle = new Date((start.getTime() + end.getTime()) / 2);
    const same = await t.app.ctx.billing.previewPlanChange(v.user.id, 'premium-monthly', middle);
    expect(same.amountDueNowCents).toBe(Math.round(1299 / 2) - Math.round(799 / 2));
    const yearly = await t.app.ctx.billing.previewPlanChange(v.user.id, 'premium-yearly', middle);
    expect(yearly.direction).toBe('upgrade');
    expect(yearly.amountDueNowCents).toBe(12990 - Math.round(799 / 2));
    expect(yearly.newPeriodEnd!.slice(0, 4)).toBe(String(middle.getUTCFullYear() + 1));
  });

  test('a downgrade is scheduled for the renewal and applied by the renewal event', async () => {
    const v = await subscribedTo('premium-monthly');
    const p = (await preview(v, 'basic-monthly')).json().data;
    const [sub] = await rows('subscriptions', v.user.id);
    expect(p).toMatchObject({
      direction: 'downgrade',
      amountDueNowCents: 0,
      nextAmountCents: 799,
      effectiveAt: sub!.current_period_end,
    });
    const applied = await changePlan(v, 'basic-monthly');
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({
      subscription: { planId: 'premium-monthly' },
      payment: null,
      scheduledChange: {
        planId: 'basic-monthly',
        planName: 'Basic',
        effectiveAt: sub!.current_period_end,
      },
    });
    expect((await manage(v)).scheduledChange).toMatchObject({ planId: 'basic-monthly' });
    expect(await rows('payments', v.user.id)).toHaveLength(1);

    // The renewal: Stripe pays the next invoice and the period moves on.
    const nextEnd = Math.floor(Date.parse(sub!.current_period_end!) / 1000) + 30 * 86400;
    const renewal = await webhook({
      id: `evt_renewal_${v.user.id}`,
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000) + 60,
      data: {
        object: {
          id: `in_renewal_${v.user.id}`,
          subscription: sub!.provider_subscription_id,
          billing_reason: 'subscription_cycle',
          amount_paid: 799,
          currency: 'usd',
          lines: { data: [{ period: { end: nextEnd } }] },
        },
      },
    });
    expect(renewal.json().data.outcome).toBe('processed');
    const m = await manage(v);
    expect(m).toMatchObject({
      subscription: { planId: 'basic-monthly', planName: 'Basic', status: 'active' },
      plan: { id: 'basic-monthly' },
      scheduledChange: null,
    });
  });

  test('choosing the current plan again drops a scheduled downgrade', async () => {
    const v = await subscribedTo('premium-yearly');
    await changePlan(v, 'basic-monthly');
    expect((await manage(v)).scheduledChange).not.toBeNull();
    // Set to end: the renewal the downgrade waits for never comes, so none is shown.
    await post(v, '/users/cancel-web-subscription', {});
    expect((await manage(v)).scheduledChange).toBeNull();
    await post(v, '/users/resume-web-subscription', {});
    expect((await manage(v)).scheduledChange).not.toBeNull();
    const keep = await changePlan(v, 'premium-yearly');
    expect(keep.statusCode).toBe(200);
    expect(keep.json().data).toMatchObject({
      subscription: { planId: 'premium-yearly' },
      scheduledChange: null,
    });
  });

  test('a declined upgrade answers 402 and changes nothing', async () => {
    const v = await subscribedTo('basic-monthly');
    // The card on file has since been refused by the bank.
    await t.app.ctx.db
      .updateTable('subscriptions')
      .set({ payment_method_ref: 'pm_card_chargeDeclinedInsufficientFunds' })
      .where('user_id', '=', v.user.id)
      .execute();
    const res = await changePlan(v, 'premium-monthly');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card has insufficient funds.');
    const m = await manage(v);
    expect(m.subscription.planId).toBe('basic-monthly');
    expect(m.payments).toHaveLength(1);
  });

  test('an upgrade replayed with its key charges once', async () => {
    const v = await subscribedTo('basic-monthly');
    const key = newKey();
    const first = await changePlan(v, 'premium-yearly', key);
    const again = await changePlan(v, 'premium-yearly', key);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rows('payments', v.user.id)).toHaveLength(2);
  });

  test('clear refusals: same plan, unknown plan, no subscription, cancelling, signed out', async () => {
    const v = await subscribedTo('basic-monthly');
    const same = await preview(v, 'basic-monthly');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe("You're already on Basic.");
    expect((await changePlan(v, 'basic-monthly')).statusCode).toBe(409);
    expect((await preview(v, 'gold')).statusCode).toBe(404);
    await post(v, '/users/cancel-web-subscription', {});
    const cancelling = await preview(v, 'premium-monthly');
    expect(cancelling.statusCode).toBe(409);
    expect(cancelling.json().message).toMatch(/Resume/);
    const none = await preview(await registerUser(t.app), 'premium-monthly');
    expect(none.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/v1/users/subscription/change-plan?planId=basic-monthly' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(v, '/users/subscription/change-plan', { planId: 'premium-monthly' })).statusCode,
    ).toBe(400);
  });
});
