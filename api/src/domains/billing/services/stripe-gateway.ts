import type Stripe from 'stripe';
import type { PlansTable } from '../../../db/schema';
import {
  CardError,
  unixFromIso,
  type GatewayEvents,
  type GatewayResult,
  type PaymentGateway,
  type StripeLikeEvent,
} from './payment-gateway';

/** A Stripe object sent on as an event's data, as a webhook would carry it. */
type StripeObject = { id: string } & object;

const syncEvent = (type: string, object: StripeObject, tag: string): StripeLikeEvent => ({
  // sync_ events are Stripe's own answers to our calls; the webhook for the same change comes later.
  id: `sync_${tag}_${object.id}`,
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object: object as Record<string, unknown> },
});

/** Stripe's decline, as the SDK throws it (its error classes are not exported by type alone). */
const isCardError = (err: unknown): err is { type: string; message: string; code?: string } =>
  typeof err === 'object' && err !== null && (err as { type?: unknown }).type === 'StripeCardError';

/**
 * The real thing. Prices are created on first use unless plans carry a stripe_price_id.
 * Every write carries an idempotency key derived from the viewer's attempt, so a retried
 * request (ours or the SDK's own network retry) never creates a second customer, subscription or charge.
 */
export class StripeGateway implements PaymentGateway {
  readonly mode = 'stripe' as const;
  private readonly prices = new Map<string, string>();
  private stripePromise: Promise<Stripe> | null = null;

  /** clientOptions: extra Stripe client config (the unit tests pass an httpClient that never leaves the process). */
  constructor(
    private readonly secretKey: string,
    private readonly clientOptions: Record<string, unknown> = {},
  ) {}

  private stripe(): Promise<Stripe> {
    this.stripePromise ??= import('stripe').then((m) => {
      // The CommonJS build arrives as the module itself or as its default export.
      const StripeClient = ((m as { default?: typeof Stripe }).default ?? m) as typeof Stripe;
      return new StripeClient(this.secretKey, {
        maxNetworkRetries: 2,
        ...(this.clientOptions as Stripe.StripeConfig),
      });
    });
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

  private async cardDetails(stripe: Stripe, paymentMethodId: string) {
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
  private async paidInvoiceEvent(
    stripe: Stripe,
    subscription: Stripe.Subscription,
    paymentMethodId: string | null,
  ) {
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice !== 'object' || invoice.status !== 'paid') return [];
    const details = paymentMethodId ? await this.cardDetails(stripe, paymentMethodId) : null;
    const paid = { ...invoice, subscription: subscription.id, payment_details: details };
    return [syncEvent('invoice.paid', paid, 'invoice')];
  }

  private static paymentIntentOf(subscription: Stripe.Subscription): string | null {
    const invoice = subscription.latest_invoice;
    if (!invoice || typeof invoice === 'string') return null;
    const pi = invoice.payments?.data?.[0]?.payment?.payment_intent;
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
    let subscription: Stripe.Subscription | undefined;
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
          if (!intent.client_secret)
            throw new Error('Stripe asked for authentication without a client secret.');
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
    } catch (err: unknown) {
      if (isCardError(err)) {
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
    } catch (err: unknown) {
      if (isCardError(err)) throw new CardError(err.message, err.code ?? 'card_declined');
      throw err;
    }
  }
}
