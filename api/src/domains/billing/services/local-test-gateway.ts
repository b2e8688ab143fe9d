import { randomToken } from '../../../lib/ids';
import {
  AUTHENTICATION_FAILED,
  CardError,
  signWebhook,
  unixFromIso,
  type CardInput,
  type GatewayEvents,
  type GatewayResult,
  type PaymentGateway,
  type StripeLikeEvent,
} from './payment-gateway';

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
