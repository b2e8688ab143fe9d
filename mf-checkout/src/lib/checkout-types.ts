import type {
  ApiData,
  CheckoutNextAction,
  CheckoutResult,
  PaymentMethodSummary,
  Plan,
  PlanChangePreview,
  ScheduledPlanChange,
} from '@streamflix/shared';

/** The checkout API's shapes, from the generated contract (each is the envelope's `data`). */
export type CheckoutPlan = Plan;
export type PlanTier = Plan['tier'];
export type PlansData = ApiData<'GET /plans'>;
export type PaymentMode = PlansData['paymentMode'];
export type NextAction = NonNullable<CheckoutNextAction>;
export type CheckoutData = CheckoutResult;
export type CardOnFile = PaymentMethodSummary;
export type ScheduledChange = ScheduledPlanChange;
export type ManageData = ApiData<'GET /users/subscription/manage'>;
export type { PlanChangePreview };
export type PlanChangeResult = ApiData<'POST /users/subscription/change-plan'>;
