import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PlansTable } from '../../../db/schema';

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

export const AUTHENTICATION_FAILED = 'Your bank did not authenticate this payment.';

export const unixFromIso = (iso: string | null): number | null =>
  iso ? Math.floor(Date.parse(iso) / 1000) : null;
