import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlansTable } from '../db/schema';
import { randomToken } from '../lib/ids';

export interface CardInput {
  /** Local test gateway only: a full card number (Stripe's test numbers are honoured). */
  number?: string;
  expMonth?: number;
  expYear?: number;
  cvc?: string;
  /** A Stripe PaymentMethod id (pm_...) created by Stripe Elements; test ids like pm_card_visa work locally too. */
  paymentMethodId?: string;
}

export interface GatewayResult {
  providerSubscriptionId: string;
  /** Signed webhook deliveries the local gateway produces; fed through the same webhook handler. */
  deliveries: Array<{ payload: string; signature: string }>;
  /** Stripe answers synchronously too; applied at once, the webhook later is idempotent. */
  immediateEvent?: StripeLikeEvent;
}

export interface PaymentGateway {
  readonly mode: 'local' | 'stripe';
  createSubscription(input: {
    user: { id: string; email: string; name: string };
    plan: PlansTable;
    card: CardInput;
  }): Promise<GatewayResult>;
  cancelSubscription(
    providerSubscriptionId: string,
    atPeriodEnd: boolean,
  ): Promise<StripeLikeEvent | null>;
}

/** The subset of Stripe's event shape the billing handler reads. Local events use the same shape. */
export interface StripeLikeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, any> };
}

export class CardError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

// Stripe's webhook signature scheme, used by both gateways so the handler always verifies.
export function signWebhook(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function verifyWebhookSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((kv) => kv.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isFinite(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex'),
  );
  const signatures = header
    .split(',')
    .filter((kv) => kv.startsWith('v1='))
    .map((kv) => Buffer.from(kv.slice(3)));
  return signatures.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

type TestOutcome =
  { ok: true; brand: string } | { ok: false; code: string; message: string; brand: string };

/** Stripe's documented test cards and test PaymentMethod ids. */
const TEST_CARDS: Record<string, TestOutcome> = {
  '4242424242424242': { ok: true, brand: 'visa' },
  '4000056655665556': { ok: true, brand: 'visa' },
  '5555555555554444': { ok: true, brand: 'mastercard' },
  '2223003122003222': { ok: true, brand: 'mastercard' },
  '378282246310005': { ok: true, brand: 'amex' },
  '6011111111111117': { ok: true, brand: 'discover' },
  '4000000000000002': {
    ok: false,
    code: 'card_declined',
    message: 'Your card was declined.',
    brand: 'visa',
  },
  '4000000000009995': {
    ok: false,
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    brand: 'visa',
  },
  '4000000000009987': {
    ok: false,
    code: 'lost_card',
    message: 'Your card was declined.',
    brand: 'visa',
  },
  '4000000000000069': {
    ok: false,
    code: 'expired_card',
    message: 'Your card has expired.',
    brand: 'visa',
  },
  '4000000000000127': {
    ok: false,
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    brand: 'visa',
  },
  '4000000000000119': {
    ok: false,
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
    brand: 'visa',
  },
};
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

function periodEnd(interval: 'month' | 'year', from = new Date()): number {
  const end = new Date(from);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return Math.floor(end.getTime() / 1000);
}

/**
 * Behaves like Stripe in test mode without a network: test cards decide the
 * outcome, and the result arrives as signed Stripe-shaped webhook events.
 */
export class LocalTestGateway implements PaymentGateway {
  readonly mode = 'local' as const;

  constructor(private readonly webhookSecret: string) {}

  private event(type: string, object: Record<string, any>): { payload: string; signature: string } {
    const payload = JSON.stringify({
      id: `evt_local_${randomToken(12)}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    return { payload, signature: signWebhook(payload, this.webhookSecret) };
  }

  private outcome(card: CardInput): { number: string; outcome: TestOutcome } {
    const number = card.paymentMethodId
      ? TEST_PAYMENT_METHODS[card.paymentMethodId]
      : card.number?.replace(/[\s-]/g, '');
    if (!number)
      throw new CardError(
        'That payment method is not a Stripe test payment method.',
        'invalid_payment_method',
      );
    if (!/^\d{13,19}$/.test(number) || !luhn(number))
      throw new CardError('Your card number is invalid.', 'invalid_number');
    if (!card.paymentMethodId) {
      const now = new Date();
      const { expMonth, expYear, cvc } = card;
      if (!expMonth || !expYear || expMonth < 1 || expMonth > 12)
        throw new CardError("Your card's expiration date is incomplete.", 'invalid_expiry');
      const year = expYear < 100 ? 2000 + expYear : expYear;
      if (
        year < now.getUTCFullYear() ||
        (year === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)
      ) {
        throw new CardError("Your card's expiration date is in the past.", 'invalid_expiry_year');
      }
      if (!cvc || !/^\d{3,4}$/.test(cvc))
        throw new CardError("Your card's security code is incomplete.", 'invalid_cvc');
    }
    const outcome = TEST_CARDS[number] ?? {
      ok: false,
      code: 'live_card_in_test_mode',
      brand: 'unknown',
      message:
        'Test mode: use a Stripe test card such as 4242 4242 4242 4242. Real cards are never charged here.',
    };
    return { number, outcome };
  }

  async createSubscription(
    input: Parameters<PaymentGateway['createSubscription']>[0],
  ): Promise<GatewayResult> {
    const { number, outcome } = this.outcome(input.card);
    const subscriptionId = `sub_local_${randomToken(12)}`;
    const invoice = {
      id: `in_local_${randomToken(12)}`,
      subscription: subscriptionId,
      customer_email: input.user.email,
      amount_due: input.plan.price_cents,
      amount_paid: outcome.ok ? input.plan.price_cents : 0,
      currency: input.plan.currency,
      lines: { data: [{ period: { end: periodEnd(input.plan.interval) } }] },
      payment_details: { brand: outcome.brand, last4: number.slice(-4) },
      last_payment_error: outcome.ok ? null : { code: outcome.code, message: outcome.message },
    };
    return {
      providerSubscriptionId: subscriptionId,
      deliveries: [this.event(outcome.ok ? 'invoice.paid' : 'invoice.payment_failed', invoice)],
    };
  }

  async cancelSubscription(
    providerSubscriptionId: string,
    atPeriodEnd: boolean,
  ): Promise<StripeLikeEvent | null> {
    const { payload } = this.event(
      atPeriodEnd ? 'customer.subscription.updated' : 'customer.subscription.deleted',
      {
        id: providerSubscriptionId,
        status: atPeriodEnd ? 'active' : 'canceled',
        cancel_at_period_end: atPeriodEnd,
      },
    );
    return JSON.parse(payload) as StripeLikeEvent;
  }
}

/** The real thing. Prices are created on first use unless plans carry a stripe_price_id. */
export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  private readonly prices = new Map<string, string>();
  private stripePromise: Promise<any> | null = null;

  constructor(private readonly secretKey: string) {}

  private stripe(): Promise<any> {
    this.stripePromise ??= import('stripe').then((m: any) => new (m.default ?? m)(this.secretKey));
    return this.stripePromise;
  }

  private async priceFor(plan: PlansTable): Promise<string> {
    if (plan.stripe_price_id) return plan.stripe_price_id;
    const cached = this.prices.get(plan.id);
    if (cached) return cached;
    const stripe = await this.stripe();
    const price = await stripe.prices.create({
      currency: plan.currency,
      unit_amount: plan.price_cents,
      recurring: { interval: plan.interval },
      product_data: { name: `StreamFlix ${plan.name}` },
      lookup_key: `streamflix-${plan.id}`,
    });
    this.prices.set(plan.id, price.id);
    return price.id;
  }

  async createSubscription(
    input: Parameters<PaymentGateway['createSubscription']>[0],
  ): Promise<GatewayResult> {
    if (!input.card.paymentMethodId) {
      throw new CardError(
        'Card details must be collected by Stripe Elements; send its paymentMethodId.',
        'payment_method_required',
      );
    }
    const stripe = await this.stripe();
    try {
      const customer = await stripe.customers.create({
        email: input.user.email,
        name: input.user.name,
        metadata: { userId: input.user.id },
        payment_method: input.card.paymentMethodId,
        invoice_settings: { default_payment_method: input.card.paymentMethodId },
      });
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: await this.priceFor(input.plan) }],
        payment_behavior: 'error_if_incomplete',
        expand: ['latest_invoice'],
        metadata: { userId: input.user.id, planId: input.plan.id },
      });
      return {
        providerSubscriptionId: subscription.id,
        deliveries: [],
        immediateEvent: {
          id: `sync_${subscription.id}`,
          type: 'customer.subscription.updated',
          created: Math.floor(Date.now() / 1000),
          data: { object: subscription },
        },
      };
    } catch (err: any) {
      if (err?.type === 'StripeCardError')
        throw new CardError(err.message, err.code ?? 'card_declined');
      throw err;
    }
  }

  async cancelSubscription(
    providerSubscriptionId: string,
    atPeriodEnd: boolean,
  ): Promise<StripeLikeEvent | null> {
    const stripe = await this.stripe();
    const subscription = atPeriodEnd
      ? await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true })
      : await stripe.subscriptions.cancel(providerSubscriptionId);
    return {
      id: `sync_cancel_${subscription.id}`,
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: subscription },
    };
  }
}
