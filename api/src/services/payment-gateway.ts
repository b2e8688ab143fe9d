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

export type NextAction =
  { type: 'local_challenge'; challengeId: string } | { type: 'stripe_sca'; clientSecret: string };

/** What a gateway call produced, fed through Billing.handleEvent like any webhook. */
export interface GatewayEvents {
  /** Signed webhook deliveries the local gateway produces; fed through the same webhook handler. */
  deliveries: Array<{ payload: string; signature: string }>;
  /** Stripe answers synchronously too; applied at once, the webhook later is idempotent. */
  immediateEvents?: StripeLikeEvent[];
}

export interface GatewayResult extends GatewayEvents {
  providerSubscriptionId: string;
  /** The card to charge later (upgrades): a Stripe PaymentMethod id or a local test reference. */
  paymentMethodRef: string | null;
  /** The bank wants the viewer to authenticate before the first invoice is paid. */
  nextAction?: NextAction;
  /** Opaque state the gateway needs to finish that authentication (kept with the subscription). */
  pendingState?: Record<string, unknown>;
}

export interface PaymentGateway {
  readonly mode: 'local' | 'stripe';
  createSubscription(input: {
    user: { id: string; email: string; name: string };
    plan: PlansTable;
    card: CardInput;
    /** Stable per attempt, so a retry never creates a second subscription or charge at the provider. */
    idempotencyKey: string;
  }): Promise<GatewayResult>;
  /** After the viewer dealt with nextAction: settles the first invoice (paid, or failed and expired). */
  confirmSubscription(input: {
    providerSubscriptionId: string;
    approve: boolean;
    pendingState: Record<string, unknown>;
  }): Promise<GatewayEvents>;
  /** Ends a subscription whose first payment never completed (abandoned challenge). */
  expireSubscription(providerSubscriptionId: string): Promise<GatewayEvents>;
  cancelSubscription(
    providerSubscriptionId: string,
    atPeriodEnd: boolean,
  ): Promise<StripeLikeEvent | null>;
  resumeSubscription(providerSubscriptionId: string): Promise<StripeLikeEvent | null>;
  /**
   * Upgrade: charge amountCents now to the card on file and switch at once (CardError on a
   * decline, nothing changed). Downgrade (effectiveAt set): switch at that renewal, charge nothing now.
   */
  changePlan(input: {
    providerSubscriptionId: string;
    paymentMethodRef: string | null;
    plan: PlansTable;
    amountCents: number;
    /** Upgrade only: the period the charge covers ends here. */
    periodEnd: string | null;
    /** Downgrade only: the renewal from which the new plan applies. */
    effectiveAt: string | null;
    idempotencyKey: string;
  }): Promise<GatewayEvents>;
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
  | { ok: true; brand: string; requiresAction?: boolean }
  | { ok: false; code: string; message: string; brand: string };

/** Stripe's documented test cards and test PaymentMethod ids. */
const TEST_CARDS: Record<string, TestOutcome> = {
  '4242424242424242': { ok: true, brand: 'visa' },
  '4000056655665556': { ok: true, brand: 'visa' },
  // Needs the bank's authentication for the first payment; later off-session charges succeed.
  '4000002500003155': { ok: true, brand: 'visa', requiresAction: true },
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
  pm_card_authenticationRequired: '4000002500003155',
};

export const AUTHENTICATION_FAILED = 'Your bank did not authenticate this payment.';

const unixFromIso = (iso: string | null): number | null =>
  iso ? Math.floor(Date.parse(iso) / 1000) : null;

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

  /**
   * The local stand-in for a saved PaymentMethod. Only Stripe's public test numbers ever get
   * here (anything else is refused above), so keeping the number is harmless.
   */
  private static ref(number: string, card: CardInput): string {
    const year = card.expYear && card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    return `pm_test_${number}_${card.expMonth ?? 0}_${year ?? 0}`;
  }

  private static fromRef(ref: string | null) {
    const m = ref ? /^pm_test_(\d{13,19})_(\d{1,2})_(\d{1,4})$/.exec(ref) : null;
    if (!m) return null;
    return { number: m[1]!, expMonth: Number(m[2]) || null, expYear: Number(m[3]) || null };
  }

  private invoice(input: {
    subscriptionId: string;
    amountCents: number;
    currency: string;
    periodEnd: number;
    number: string;
    brand: string;
    expMonth: number | null;
    expYear: number | null;
    error: { code: string; message: string } | null;
    billingReason: string;
  }) {
    return {
      id: `in_local_${randomToken(12)}`,
      subscription: input.subscriptionId,
      billing_reason: input.billingReason,
      amount_due: input.amountCents,
      amount_paid: input.error ? 0 : input.amountCents,
      currency: input.currency,
      lines: { data: [{ period: { end: input.periodEnd } }] },
      payment_details: {
        brand: input.brand,
        last4: input.number.slice(-4),
        exp_month: input.expMonth,
        exp_year: input.expYear,
      },
      last_payment_error: input.error,
    };
  }

  private failed(invoice: Record<string, any>, subscriptionId: string) {
    // Stripe leaves a subscription whose first payment failed 'incomplete' and expires it
    // later; test mode expires it at once so the viewer can simply try again.
    return [
      this.event('invoice.payment_failed', invoice),
      this.event('customer.subscription.updated', {
        id: subscriptionId,
        status: 'incomplete_expired',
        cancel_at_period_end: false,
      }),
    ];
  }

  async createSubscription(
    input: Parameters<PaymentGateway['createSubscription']>[0],
  ): Promise<GatewayResult> {
    const { number, outcome } = this.outcome(input.card);
    const subscriptionId = `sub_local_${randomToken(12)}`;
    const paymentMethodRef = input.card.paymentMethodId ?? LocalTestGateway.ref(number, input.card);
    const invoice = this.invoice({
      subscriptionId,
      amountCents: input.plan.price_cents,
      currency: input.plan.currency,
      periodEnd: periodEnd(input.plan.interval),
      number,
      brand: outcome.brand,
      expMonth: input.card.expMonth ?? null,
      expYear: LocalTestGateway.fromRef(paymentMethodRef)?.expYear ?? null,
      error: outcome.ok ? null : { code: outcome.code, message: outcome.message },
      billingReason: 'subscription_create',
    });
    if (outcome.ok && outcome.requiresAction) {
      const challengeId = `lch_${randomToken(12)}`;
      return {
        providerSubscriptionId: subscriptionId,
        paymentMethodRef,
        deliveries: [],
        nextAction: { type: 'local_challenge', challengeId },
        pendingState: { challengeId, invoice, interval: input.plan.interval },
      };
    }
    return {
      providerSubscriptionId: subscriptionId,
      paymentMethodRef,
      deliveries: outcome.ok
        ? [this.event('invoice.paid', invoice)]
        : this.failed(invoice, subscriptionId),
    };
  }

  async confirmSubscription(
    input: Parameters<PaymentGateway['confirmSubscription']>[0],
  ): Promise<GatewayEvents> {
    const invoice = input.pendingState.invoice as Record<string, any>;
    if (input.approve) {
      // The period starts when the payment goes through, not when the challenge was shown.
      const interval = input.pendingState.interval === 'year' ? 'year' : 'month';
      const paid = { ...invoice, lines: { data: [{ period: { end: periodEnd(interval) } }] } };
      return { deliveries: [this.event('invoice.paid', paid)] };
    }
    const failed = {
      ...invoice,
      amount_paid: 0,
      last_payment_error: {
        code: 'payment_intent_authentication_failure',
        message: AUTHENTICATION_FAILED,
      },
    };
    return { deliveries: this.failed(failed, input.providerSubscriptionId) };
  }

  async expireSubscription(providerSubscriptionId: string): Promise<GatewayEvents> {
    return {
      deliveries: [
        this.event('customer.subscription.updated', {
          id: providerSubscriptionId,
          status: 'incomplete_expired',
          cancel_at_period_end: false,
        }),
      ],
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

  async resumeSubscription(providerSubscriptionId: string): Promise<StripeLikeEvent | null> {
    const { payload } = this.event('customer.subscription.updated', {
      id: providerSubscriptionId,
      status: 'active',
      cancel_at_period_end: false,
    });
    return JSON.parse(payload) as StripeLikeEvent;
  }

  async changePlan(input: Parameters<PaymentGateway['changePlan']>[0]): Promise<GatewayEvents> {
    if (input.effectiveAt) {
      return {
        deliveries: [
          this.event('customer.subscription.updated', {
            id: input.providerSubscriptionId,
            status: 'active',
            metadata: { planId: input.plan.id, planEffectiveAt: unixFromIso(input.effectiveAt) },
          }),
        ],
      };
    }
    const saved =
      LocalTestGateway.fromRef(input.paymentMethodRef) ??
      (input.paymentMethodRef && TEST_PAYMENT_METHODS[input.paymentMethodRef]
        ? { number: TEST_PAYMENT_METHODS[input.paymentMethodRef]!, expMonth: null, expYear: null }
        : null);
    if (!saved)
      throw new CardError(
        'There is no card on file to charge. Subscribe again with a card.',
        'no_card',
      );
    const outcome = TEST_CARDS[saved.number];
    if (!outcome || !outcome.ok)
      throw new CardError(
        outcome?.message ?? 'Your card was declined.',
        outcome?.code ?? 'card_declined',
      );
    const events = [];
    if (input.amountCents > 0)
      events.push(
        this.event(
          'invoice.paid',
          this.invoice({
            subscriptionId: input.providerSubscriptionId,
            amountCents: input.amountCents,
            currency: input.plan.currency,
            periodEnd: unixFromIso(input.periodEnd) ?? periodEnd(input.plan.interval),
            number: saved.number,
            brand: outcome.brand,
            expMonth: saved.expMonth,
            expYear: saved.expYear,
            error: null,
            billingReason: 'subscription_update',
          }),
        ),
      );
    events.push(
      this.event('customer.subscription.updated', {
        id: input.providerSubscriptionId,
        status: 'active',
        current_period_end: unixFromIso(input.periodEnd),
        metadata: { planId: input.plan.id },
      }),
    );
    return { deliveries: events };
  }
}

const syncEvent = (type: string, object: Record<string, any>, tag: string): StripeLikeEvent => ({
  // sync_ events are Stripe's own answers to our calls; the webhook for the same change comes later.
  id: `sync_${tag}_${object.id}`,
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});

/**
 * The real thing. Prices are created on first use unless plans carry a stripe_price_id.
 * Every write carries an idempotency key derived from the viewer's attempt, so a retried
 * request (ours or the SDK's own network retry) never creates a second customer, subscription or charge.
 */
export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  private readonly prices = new Map<string, string>();
  private stripePromise: Promise<any> | null = null;

  /** clientOptions: extra Stripe client config (the unit tests pass an httpClient that never leaves the process). */
  constructor(
    private readonly secretKey: string,
    private readonly clientOptions: Record<string, unknown> = {},
  ) {}

  private stripe(): Promise<any> {
    this.stripePromise ??= import('stripe').then(
      (m: any) =>
        new (m.default ?? m)(this.secretKey, { maxNetworkRetries: 2, ...this.clientOptions }),
    );
    return this.stripePromise;
  }

  private async priceFor(plan: PlansTable): Promise<string> {
    if (plan.stripe_price_id) return plan.stripe_price_id;
    const cached = this.prices.get(plan.id);
    if (cached) return cached;
    const stripe = await this.stripe();
    const found = await stripe.prices.list({ lookup_keys: [`streamflix-${plan.id}`], limit: 1 });
    const price =
      found.data?.[0] ??
      (await stripe.prices.create(
        {
          currency: plan.currency,
          unit_amount: plan.price_cents,
          recurring: { interval: plan.interval },
          product_data: { name: `StreamFlix ${plan.name}` },
          lookup_key: `streamflix-${plan.id}`,
        },
        { idempotencyKey: `price-${plan.id}-${plan.price_cents}-${plan.interval}` },
      ));
    this.prices.set(plan.id, price.id);
    return price.id;
  }

  private async cardDetails(stripe: any, paymentMethodId: string) {
    try {
      const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
      return pm.card
        ? {
            brand: pm.card.brand,
            last4: pm.card.last4,
            exp_month: pm.card.exp_month ?? null,
            exp_year: pm.card.exp_year ?? null,
          }
        : null;
    } catch {
      return null;
    }
  }

  /** The paid invoice as an event carrying the card, so the payment history shows brand and last four. */
  private async paidInvoiceEvent(stripe: any, subscription: any, paymentMethodId: string | null) {
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice !== 'object' || invoice.status !== 'paid') return [];
    const details = paymentMethodId ? await this.cardDetails(stripe, paymentMethodId) : null;
    return [
      syncEvent(
        'invoice.paid',
        { ...invoice, subscription: subscription.id, payment_details: details },
        'invoice',
      ),
    ];
  }

  private static paymentIntentOf(subscription: any): string | null {
    const payment = subscription.latest_invoice?.payments?.data?.[0]?.payment;
    const pi = payment?.payment_intent;
    return typeof pi === 'string' ? pi : (pi?.id ?? null);
  }

  async createSubscription(
    input: Parameters<PaymentGateway['createSubscription']>[0],
  ): Promise<GatewayResult> {
    const paymentMethodId = input.card.paymentMethodId;
    if (!paymentMethodId) {
      throw new CardError(
        'Card details must be collected by Stripe Elements; send its paymentMethodId.',
        'payment_method_required',
      );
    }
    const stripe = await this.stripe();
    const key = input.idempotencyKey;
    let subscription: any;
    try {
      const customer = await stripe.customers.create(
        {
          email: input.user.email,
          name: input.user.name,
          metadata: { userId: input.user.id },
          payment_method: paymentMethodId,
          invoice_settings: { default_payment_method: paymentMethodId },
        },
        { idempotencyKey: `${key}-customer` },
      );
      // default_incomplete: the subscription exists before the first payment, so a card that needs
      // the bank (SCA) can be authenticated in the browser and confirmed afterwards.
      subscription = await stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [{ price: await this.priceFor(input.plan) }],
          default_payment_method: paymentMethodId,
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.payments', 'latest_invoice.confirmation_secret'],
          metadata: { userId: input.user.id, planId: input.plan.id },
        },
        { idempotencyKey: `${key}-subscription` },
      );
      const paymentIntentId = StripeGateway.paymentIntentOf(subscription);
      if (subscription.status === 'incomplete' && paymentIntentId) {
        const intent = await stripe.paymentIntents.confirm(
          paymentIntentId,
          { payment_method: paymentMethodId },
          { idempotencyKey: `${key}-confirm` },
        );
        if (intent.status === 'requires_action') {
          return {
            providerSubscriptionId: subscription.id,
            paymentMethodRef: paymentMethodId,
            deliveries: [],
            nextAction: { type: 'stripe_sca', clientSecret: intent.client_secret },
            pendingState: { paymentIntentId },
          };
        }
        subscription = await stripe.subscriptions.retrieve(subscription.id, {
          expand: ['latest_invoice'],
        });
      }
    } catch (err: any) {
      if (err?.type === 'StripeCardError') {
        // The first payment failed: end the incomplete subscription now rather than in 23 hours.
        if (subscription?.id)
          await stripe.subscriptions.cancel(subscription.id).catch(() => undefined);
        throw new CardError(err.message, err.code ?? 'card_declined');
      }
      throw err;
    }
    return {
      providerSubscriptionId: subscription.id,
      paymentMethodRef: paymentMethodId,
      deliveries: [],
      immediateEvents: [
        ...(await this.paidInvoiceEvent(stripe, subscription, paymentMethodId)),
        syncEvent('customer.subscription.updated', subscription, 'create'),
      ],
    };
  }

  async confirmSubscription(
    input: Parameters<PaymentGateway['confirmSubscription']>[0],
  ): Promise<GatewayEvents> {
    // The browser finished Stripe.js handleNextAction; Stripe, not the client, says how it went.
    const stripe = await this.stripe();
    const intent = await stripe.paymentIntents.retrieve(String(input.pendingState.paymentIntentId));
    if (intent.status === 'succeeded') {
      const subscription = await stripe.subscriptions.retrieve(input.providerSubscriptionId, {
        expand: ['latest_invoice'],
      });
      const pm = typeof intent.payment_method === 'string' ? intent.payment_method : null;
      return {
        deliveries: [],
        immediateEvents: [
          ...(await this.paidInvoiceEvent(stripe, subscription, pm)),
          syncEvent('customer.subscription.updated', subscription, 'confirm'),
        ],
      };
    }
    return this.expireSubscription(input.providerSubscriptionId);
  }

  async expireSubscription(providerSubscriptionId: string): Promise<GatewayEvents> {
    const stripe = await this.stripe();
    const subscription = await stripe.subscriptions.cancel(providerSubscriptionId);
    return {
      deliveries: [],
      immediateEvents: [syncEvent('customer.subscription.updated', subscription, 'expire')],
    };
  }

  async cancelSubscription(
    providerSubscriptionId: string,
    atPeriodEnd: boolean,
  ): Promise<StripeLikeEvent | null> {
    const stripe = await this.stripe();
    const subscription = atPeriodEnd
      ? await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true })
      : await stripe.subscriptions.cancel(providerSubscriptionId);
    return syncEvent('customer.subscription.updated', subscription, 'cancel');
  }

  async resumeSubscription(providerSubscriptionId: string): Promise<StripeLikeEvent | null> {
    const stripe = await this.stripe();
    const subscription = await stripe.subscriptions.update(providerSubscriptionId, {
      cancel_at_period_end: false,
    });
    return syncEvent('customer.subscription.updated', subscription, 'resume');
  }

  async changePlan(input: Parameters<PaymentGateway['changePlan']>[0]): Promise<GatewayEvents> {
    const stripe = await this.stripe();
    const current = await stripe.subscriptions.retrieve(input.providerSubscriptionId);
    const itemId = current.items?.data?.[0]?.id;
    const price = await this.priceFor(input.plan);
    try {
      const subscription = await stripe.subscriptions.update(
        input.providerSubscriptionId,
        input.effectiveAt
          ? {
              // Downgrade: the next renewal bills the new price; nothing is prorated now.
              items: [{ id: itemId, price }],
              proration_behavior: 'none',
              metadata: {
                planId: input.plan.id,
                planEffectiveAt: String(unixFromIso(input.effectiveAt)),
              },
            }
          : {
              // Upgrade: invoice the prorated difference now; a decline leaves the subscription as it was.
              items: [{ id: itemId, price }],
              proration_behavior: 'always_invoice',
              payment_behavior: 'error_if_incomplete',
              metadata: { planId: input.plan.id, planEffectiveAt: '' },
              expand: ['latest_invoice'],
            },
        { idempotencyKey: `${input.idempotencyKey}-change` },
      );
      return {
        deliveries: [],
        immediateEvents: [
          ...(input.effectiveAt
            ? []
            : await this.paidInvoiceEvent(stripe, subscription, input.paymentMethodRef)),
          syncEvent('customer.subscription.updated', subscription, `change_${input.plan.id}`),
        ],
      };
    } catch (err: any) {
      if (err?.type === 'StripeCardError')
        throw new CardError(err.message, err.code ?? 'card_declined');
      throw err;
    }
  }
}
