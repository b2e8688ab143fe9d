import { registerUser, useTestApp } from '../../../test/test-app';
import { billingHelpers, WEBHOOK_SECRET } from '../../../test/billing-helpers';

const t = useTestApp({ stripeWebhookSecret: WEBHOOK_SECRET });

const { card, newKey, checkout, confirm, manage, plays, rows } = billingHelpers(() => t.app);

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
