import { Type } from 'typebox';
import { requireSelf } from '../../../plugins/auth';
import {
  CancelBody,
  PlanChangeBody,
  PlanChangePreview,
  PlanChangeResult,
  PlanIdQuery,
  SubscriptionOverview,
  SubscriptionResult,
  SubscriptionUserBody,
} from '../schemas/subscription-schemas';
import {
  paymentView,
  planName,
  planView,
  subscriptionOverview,
  subscriptionView,
} from '../services/billing-views';
import { defineRoutes } from '../../../lib/define-routes';
import type { BillingContext } from '../billing-context';
import { requestLanguage } from '../../../plugins/language';
import { planText } from '../services/plan-texts';

/** The signed-in viewer's subscription: overview, cancel/resume and plan changes. */
export const subscriptionRoutes = defineRoutes<BillingContext>(['billing'], (route, ctx) => {
  route.get('/users/subscription/manage', {
    summary: 'Current subscription, plan and payment history',
    access: 'signed-in',
    kidsProfile: 'refused',
    querystring: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) }),
    reply: SubscriptionOverview,
    handler: async (request) => {
      requireSelf(request, request.query.userId);
      const data = await subscriptionOverview(
        ctx.db,
        ctx.billing,
        request.query.userId,
        requestLanguage(request),
      );
      return {
        message: data.subscription ? 'Your subscription.' : 'You have no subscription.',
        data,
      };
    },
  });

  route.post('/users/cancel-web-subscription', {
    summary: 'Cancel the web subscription',
    description:
      'By default the subscription stays active until the end of the paid period, then ends. immediately: true ends it now.',
    access: 'signed-in',
    kidsProfile: 'refused',
    body: Type.Optional(CancelBody),
    reply: SubscriptionResult,
    handler: async (request, auth) => {
      if (request.body?.userId) requireSelf(request, request.body.userId);
      const sub = await ctx.serialised(auth.userId, () =>
        ctx.billing.cancel(auth.userId, request.body?.immediately ?? false),
      );
      return {
        message:
          sub.status === 'canceled'
            ? 'Your subscription has ended.'
            : `Your subscription will end on ${sub.current_period_end?.slice(0, 10)}.`,
        data: {
          subscription: subscriptionView(
            sub,
            planText(await planName(ctx.db, sub.plan_id), requestLanguage(request)),
          ),
        },
      };
    },
  });

  route.post('/users/resume-web-subscription', {
    summary: 'Undo a cancel-at-period-end before the period ends',
    access: 'signed-in',
    kidsProfile: 'refused',
    body: Type.Optional(SubscriptionUserBody),
    reply: SubscriptionResult,
    handler: async (request, auth) => {
      if (request.body?.userId) requireSelf(request, request.body.userId);
      const { subscription, plan } = await ctx.serialised(auth.userId, () =>
        ctx.billing.resume(auth.userId),
      );
      return {
        message: `Your subscription continues and renews on ${subscription.current_period_end?.slice(0, 10)}.`,
        data: {
          subscription: subscriptionView(
            subscription,
            planText(plan.name, requestLanguage(request)),
          ),
        },
      };
    },
  });

  route.get('/users/subscription/change-plan', {
    summary: 'Preview a plan change: what is charged now and from when',
    description:
      'Upgrade (more expensive per day): the prorated difference for the rest of the period is charged now and the new plan starts now. ' +
      'Downgrade: nothing is charged now; the new plan starts at the next renewal.',
    access: 'signed-in',
    kidsProfile: 'refused',
    querystring: PlanIdQuery,
    reply: PlanChangePreview,
    handler: async (request, auth) => {
      const p = await ctx.billing.previewPlanChange(auth.userId, request.query.planId);
      return {
        message: p.description,
        data: {
          currentPlan: planView(p.currentPlan, requestLanguage(request)),
          newPlan: planView(p.newPlan, requestLanguage(request)),
          direction: p.direction,
          amountDueNowCents: p.amountDueNowCents,
          currency: p.currency,
          nextAmountCents: p.nextAmountCents,
          effectiveAt: p.effectiveAt,
          description: p.description,
        },
      };
    },
  });

  route.post('/users/subscription/change-plan', {
    summary: 'Change plan (upgrade now with proration, downgrade at renewal)',
    description:
      'An upgrade charges the card on file for the prorated difference (a decline answers 402 and changes nothing). ' +
      'A downgrade is scheduled for the period end. Choosing the current plan again drops a scheduled downgrade.',
    access: 'signed-in',
    kidsProfile: 'refused',
    body: PlanChangeBody,
    reply: PlanChangeResult,
    handler: async (request, auth) => {
      const { planId, idempotencyKey } = request.body;
      await ctx.limits.planChanges.take(
        auth.userId,
        (minutes) => `Too many plan changes. Try again in ${minutes} minute(s).`,
      );
      return ctx.serialised(auth.userId, () =>
        ctx.billing.replayable(
          auth.userId,
          'change-plan',
          idempotencyKey,
          JSON.stringify({ planId }),
          async () => {
            const result = await ctx.billing.changePlan(auth.userId, planId, idempotencyKey);
            return {
              status: true as const,
              message: result.message,
              data: {
                subscription: subscriptionView(result.subscription, result.plan.name),
                payment: result.payment ? paymentView(result.payment) : null,
                scheduledChange: await ctx.billing.scheduledChange(result.subscription),
              },
            };
          },
        ),
      );
    },
  });
});
