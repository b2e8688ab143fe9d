import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import type { ApiResult, SubscriptionSummary, CheckoutResult } from '@streamflix/shared';
import { createLocalGateway } from './gateways/local-card-form/local-gateway';
import { createStripeGateway } from './gateways/stripe-gateway/stripe-gateway';
import { loadStripeClient, StripeLoadError } from './gateways/stripe-gateway/load-stripe';
import { answerChallenge, payWithGateway, type CheckoutCalls } from './payment-gateway';

const sub = {
  id: 'sub_1',
  planId: 'basic-monthly',
  planName: 'Basic',
  status: 'active' as SubscriptionSummary['status'],
  provider: 'local' as const,
  currentPeriodEnd: '2027-01-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  createdAt: '2026-12-01T00:00:00.000Z',
};
const plan = {
  id: 'basic-monthly',
  name: 'Basic',
  description: '',
  priceCents: 799,
  currency: 'usd',
  interval: 'month' as const,
  features: [],
  maxQuality: '720p',
  tier: 'basic' as const,
};
const ok = (nextAction: CheckoutResult['nextAction'] = null, status = sub.status) =>
  ({
    status: true,
    message: '',
    data: { subscription: { ...sub, status }, payment: null, plan, nextAction },
  }) as ApiResult<CheckoutResult>;

const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada' };
const attempt = { planId: 'basic-monthly', idempotencyKey: 'chk_abcdefgh' };

function calls(checkout: ApiResult<CheckoutResult>, confirm: ApiResult<CheckoutResult> = ok()) {
  return {
    checkout: jest.fn().mockResolvedValue(checkout),
    confirm: jest.fn().mockResolvedValue(confirm),
  } satisfies CheckoutCalls;
}

describe('local test gateway', () => {
  it('sends the card with the plan and the attempt key, and is done when nothing is asked', async () => {
    const c = calls(ok());
    const outcome = await payWithGateway(createLocalGateway(card), c, attempt);
    expect(c.checkout).toHaveBeenCalledWith({ card, ...attempt });
    expect(outcome.kind).toBe('paid');
    expect(c.confirm).not.toHaveBeenCalled();
  });

  it("hands the bank's challenge to the viewer, and only an approval confirms it", async () => {
    const c = calls(ok({ type: 'local_challenge', challengeId: 'ch_1' }, 'incomplete'));
    const outcome = await payWithGateway(createLocalGateway(card), c, attempt);
    expect(outcome).toMatchObject({ kind: 'challenge', subscriptionId: 'sub_1' });
    expect(c.confirm).not.toHaveBeenCalled();

    expect((await answerChallenge(c, 'sub_1', true)).kind).toBe('paid');
    expect(c.confirm).toHaveBeenCalledWith({ subscriptionId: 'sub_1', approve: true });

    c.confirm.mockResolvedValue({
      status: false,
      httpStatus: 402,
      message: 'Your bank did not authenticate this payment.',
    });
    expect(await answerChallenge(c, 'sub_1', false)).toEqual({
      kind: 'declined',
      message: 'Your bank did not authenticate this payment.',
    });
  });

  it('tells a decline (402) from a dropped connection', async () => {
    const declined = calls({ status: false, httpStatus: 402, message: 'Your card was declined.' });
    expect(await payWithGateway(createLocalGateway(card), declined, attempt)).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
    });
    const offline = calls({ status: false, network: true });
    expect((await payWithGateway(createLocalGateway(card), offline, attempt)).kind).toBe('network');
    const taken = calls({ status: false, httpStatus: 409, message: 'Already subscribed.' });
    expect(await payWithGateway(createLocalGateway(card), taken, attempt)).toMatchObject({
      kind: 'refused',
      httpStatus: 409,
    });
  });
});

describe('Stripe gateway (Stripe.js mocked)', () => {
  const element = {} as StripeCardElement;
  const stripe = (over: Partial<Record<'createPaymentMethod' | 'handleNextAction', jest.Mock>>) =>
    ({
      createPaymentMethod: jest.fn().mockResolvedValue({ paymentMethod: { id: 'pm_123' } }),
      handleNextAction: jest.fn().mockResolvedValue({ paymentIntent: {} }),
      ...over,
    }) as unknown as Stripe & Record<'createPaymentMethod' | 'handleNextAction', jest.Mock>;

  it('sends only the PaymentMethod id, never the card', async () => {
    const s = stripe({});
    const c = calls(ok());
    const outcome = await payWithGateway(createStripeGateway(s, element, ' Ada '), c, attempt);
    expect(s.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: element,
      billing_details: { name: 'Ada' },
    });
    expect(c.checkout).toHaveBeenCalledWith({ paymentMethodId: 'pm_123', ...attempt });
    expect(outcome.kind).toBe('paid');
  });

  it("runs Stripe's next action (3-D Secure) and then asks the server to confirm", async () => {
    const s = stripe({});
    const c = calls(ok({ type: 'stripe_sca', clientSecret: 'pi_1_secret_2' }, 'incomplete'));
    const outcome = await payWithGateway(createStripeGateway(s, element, 'Ada'), c, attempt);
    expect(s.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
    expect(c.confirm).toHaveBeenCalledWith({ subscriptionId: 'sub_1' });
    expect(outcome.kind).toBe('paid');
  });

  it("reports Stripe's own refusals without calling our server", async () => {
    const s = stripe({
      createPaymentMethod: jest
        .fn()
        .mockResolvedValue({ error: { message: 'Your card number is incomplete.' } }),
    });
    const c = calls(ok());
    expect(await payWithGateway(createStripeGateway(s, element, 'Ada'), c, attempt)).toEqual({
      kind: 'gateway',
      message: 'Your card number is incomplete.',
    });
    expect(c.checkout).not.toHaveBeenCalled();

    const failsSca = stripe({
      handleNextAction: jest
        .fn()
        .mockResolvedValue({ error: { message: 'Authentication failed.' } }),
    });
    const c2 = calls(ok({ type: 'stripe_sca', clientSecret: 'x' }, 'incomplete'));
    expect(
      await payWithGateway(createStripeGateway(failsSca, element, 'Ada'), c2, attempt),
    ).toEqual({ kind: 'gateway', message: 'Authentication failed.' });
    expect(c2.confirm).not.toHaveBeenCalled();
  });

  it('turns a failed or hanging Stripe.js load into a StripeLoadError', async () => {
    await expect(
      loadStripeClient('pk_test_x', 1000, () =>
        Promise.reject(new Error('Failed to load Stripe.js')),
      ),
    ).rejects.toBeInstanceOf(StripeLoadError);
    await expect(
      loadStripeClient('pk_test_x', 10, () => new Promise(() => undefined)),
    ).rejects.toBeInstanceOf(StripeLoadError);
    const client = {} as Stripe;
    await expect(loadStripeClient('pk_test_x', 1000, () => Promise.resolve(client))).resolves.toBe(
      client,
    );
  });
});
