import { Type } from 'typebox';
import {
  Payment,
  PaymentMethodSummary,
  Plan,
  ScheduledPlanChange,
  SubscriptionSummary,
} from '../../../lib/common-schemas';

export const IdempotencyKey = Type.String({
  pattern: '^[A-Za-z0-9_-]{8,100}$',
  description:
    'One per payment attempt (not per click): a replay with the same key returns the first outcome and never charges twice.',
});

export const PaymentMode = (description: string) =>
  Type.Union([Type.Literal('local'), Type.Literal('stripe')], { description });

export const SubscriptionOverview = Type.Object({
  subscription: Type.Union([SubscriptionSummary, Type.Null()]),
  plan: Type.Union([Plan, Type.Null()]),
  isPremium: Type.Boolean(),
  payments: Type.Array(Payment),
  paymentMethod: Type.Union([PaymentMethodSummary, Type.Null()]),
  scheduledChange: Type.Union([ScheduledPlanChange, Type.Null()]),
  paymentMode: PaymentMode('"local" is the offline test gateway: show "test mode".'),
});

export const SubscriptionUserBody = Type.Object({
  userId: Type.Optional(Type.String({ maxLength: 100 })),
});
export const CancelBody = Type.Object({
  ...SubscriptionUserBody.properties,
  immediately: Type.Optional(Type.Boolean()),
});
export const SubscriptionResult = Type.Object({ subscription: SubscriptionSummary });

export const PlanChangePreview = Type.Object(
  {
    currentPlan: Plan,
    newPlan: Plan,
    direction: Type.Union([Type.Literal('upgrade'), Type.Literal('downgrade')]),
    amountDueNowCents: Type.Integer({
      description: 'Charged now: the prorated difference for an upgrade, 0 for a downgrade.',
    }),
    currency: Type.String(),
    nextAmountCents: Type.Integer({ description: 'What each renewal costs on the new plan.' }),
    effectiveAt: Type.String({
      description: 'Now for an upgrade; the current period end for a downgrade.',
    }),
    description: Type.String({ description: 'One sentence for the confirmation dialog.' }),
  },
  { title: 'PlanChangePreview' },
);
export const PlanIdQuery = Type.Object({ planId: Type.String({ minLength: 1, maxLength: 60 }) });
export const PlanChangeBody = Type.Object({
  planId: Type.String({ minLength: 1, maxLength: 60 }),
  idempotencyKey: IdempotencyKey,
});
export const PlanChangeResult = Type.Object({
  subscription: SubscriptionSummary,
  payment: Type.Union([Payment, Type.Null()]),
  scheduledChange: Type.Union([ScheduledPlanChange, Type.Null()]),
});
