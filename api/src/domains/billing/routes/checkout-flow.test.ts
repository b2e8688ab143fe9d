import { isUniqueViolation } from '../services/idempotency';
import { registerUser, useTestApp } from '../../../test/test-app';
import { billingHelpers, WEBHOOK_SECRET } from '../../../test/billing-helpers';

const t = useTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });

const { card, newKey, checkout, manage, plays, rows, webhook, subscribedTo } = billingHelpers(
  () => t.app,
);

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

  test('a checkout that completes while another starts is never taken for a lapsed subscription', async () => {
    // The interleaving a loaded server produced: the second checkout read "not entitled", then the
    // first one activated, then the second found it open and cancelled it as lapsed, and charged again.
    const v = await registerUser(t.app);
    const billing = t.app.billing as unknown as {
      openSubscription(userId: string): Promise<unknown>;
    };
    const original = billing.openSubscription.bind(billing);
    let raced = false;
    // The routes now run one account's checkouts one at a time (on every instance), so the first
    // checkout is the service's own call: the rule below the lock still holds on its own.
    const spy = jest.spyOn(billing, 'openSubscription').mockImplementation(async (userId) => {
      if (!raced) {
        raced = true;
        const first = await t.app.billing.checkout(v.user.id, 'basic-monthly', {
          paymentMethodId: 'pm_card_visa',
        });
        expect(first.subscription.status).toBe('active');
      }
      return original(userId);
    });
    try {
      const second = await checkout(v, {
        planId: 'premium-monthly',
        paymentMethodId: 'pm_card_visa',
      });
      expect(second.statusCode).toBe(409);
    } finally {
      spy.mockRestore();
    }
    const subs = await rows('subscriptions', v.user.id);
    expect(subs.map((s) => [s.plan_id, s.status])).toEqual([['basic-monthly', 'active']]);
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
