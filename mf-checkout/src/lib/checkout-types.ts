import type { Payment, Plan, SubscriptionSummary } from '@streamflix/shared';

/**
 * The checkout API's shapes (the agreed contract). Written here while the
 * generated contract catches up; each is the envelope's `data`.
 */
export type PlanTier = 'basic' | 'premium';
export type CheckoutPlan = Plan & { tier?: PlanTier };
export type PaymentMode = 'local' | 'stripe';

export interface PlansData {
  plans: CheckoutPlan[];
  paymentMode: PaymentMode;
}

export type NextAction =
  { type: 'local_challenge'; challengeId: string } | { type: 'stripe_sca'; clientSecret: string };

export interface CheckoutData {
  subscription: SubscriptionSummary;
  payment: Payment | null;
  plan: CheckoutPlan;
  nextAction?: NextAction | null;
}

export interface CardOnFile {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface ScheduledChange {
  planId: string;
  planName: string;
  effectiveAt: string;
}

export interface ManageData {
  subscription: SubscriptionSummary | null;
  plan: CheckoutPlan | null;
  isPremium: boolean;
  payments: Payment[];
  paymentMode: PaymentMode;
  paymentMethod?: CardOnFile | null;
  scheduledChange?: ScheduledChange | null;
}

export interface PlanChangePreview {
  currentPlan: CheckoutPlan;
  newPlan: CheckoutPlan;
  direction: 'upgrade' | 'downgrade';
  amountDueNowCents: number;
  currency: string;
  nextAmountCents: number;
  effectiveAt: string;
  description: string;
}

export interface PlanChangeResult {
  subscription: SubscriptionSummary;
  payment: Payment | null;
  scheduledChange: ScheduledChange | null;
}
