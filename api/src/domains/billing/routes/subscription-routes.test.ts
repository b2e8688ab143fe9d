import { bearer, registerUser, useTestApp } from '../../../test/test-app';
import { billingHelpers, WEBHOOK_SECRET } from '../../../test/billing-helpers';

const t = useTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });

const {
  card,
  newKey,
  checkout,
  manage,
  plays,
  rows,
  post,
  preview,
  changePlan,
  webhook,
  subscribedTo,
} = billingHelpers(() => t.app);

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
    const same = await t.app.billing.previewPlanChange(v.user.id, 'premium-monthly', middle);
    expect(same.amountDueNowCents).toBe(Math.round(1299 / 2) - Math.round(799 / 2));
    const yearly = await t.app.billing.previewPlanChange(v.user.id, 'premium-yearly', middle);
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
