import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerSecurity, requireAuth, requireSelf } from '../plugins/auth';
import { replies } from '../schemas/common-schemas';
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

const tags = ['billing'];

/** The signed-in viewer's subscription: overview, cancel/resume and plan changes. */
export const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/users/subscription/manage',
    {
      schema: {
        tags,
        summary: 'Current subscription, plan and payment history',
        security: bearerSecurity,
        querystring: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: replies(SubscriptionOverview),
      },
    },
    async (request) => {
      requireSelf(request, request.query.userId);
      const data = await subscriptionOverview(ctx.db, ctx.billing, request.query.userId);
      return {
        status: true as const,
        message: data.subscription ? 'Your subscription.' : 'You have no subscription.',
        data,
      };
    },
  );

  app.post(
    '/users/cancel-web-subscription',
    {
      schema: {
        tags,
        summary: 'Cancel the web subscription',
        security: bearerSecurity,
        description:
          'By default the subscription stays active until the end of the paid period, then ends. immediately: true ends it now.',
        body: Type.Optional(CancelBody),
        response: replies(SubscriptionResult),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.body?.userId) requireSelf(request, request.body.userId);
      const sub = await ctx.billing.cancel(auth.userId, request.body?.immediately ?? false);
      return {
        status: true as const,
        message:
          sub.status === 'canceled'
            ? 'Your subscription has ended.'
            : `Your subscription will end on ${sub.current_period_end?.slice(0, 10)}.`,
        data: { subscription: subscriptionView(sub, await planName(ctx.db, sub.plan_id)) },
      };
    },
  );

  app.post(
    '/users/resume-web-subscription',
    {
      schema: {
        tags,
        summary: 'Undo a cancel-at-period-end before the period ends',
        security: bearerSecurity,
        body: Type.Optional(SubscriptionUserBody),
        response: replies(SubscriptionResult),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.body?.userId) requireSelf(request, request.body.userId);
      const { subscription, plan } = await ctx.billing.resume(auth.userId);
      return {
        status: true as const,
        message: `Your subscription continues and renews on ${subscription.current_period_end?.slice(0, 10)}.`,
        data: { subscription: subscriptionView(subscription, plan.name) },
      };
    },
  );

  app.get(
    '/users/subscription/change-plan',
    {
      schema: {
        tags,
        summary: 'Preview a plan change: what is charged now and from when',
        security: bearerSecurity,
        description:
          'Upgrade (more expensive per day): the prorated difference for the rest of the period is charged now and the new plan starts now. ' +
          'Downgrade: nothing is charged now; the new plan starts at the next renewal.',
        querystring: PlanIdQuery,
        response: replies(PlanChangePreview),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const p = await ctx.billing.previewPlanChange(auth.userId, request.query.planId);
      return {
        status: true as const,
        message: p.description,
        data: {
          currentPlan: planView(p.currentPlan),
          newPlan: planView(p.newPlan),
          direction: p.direction,
          amountDueNowCents: p.amountDueNowCents,
          currency: p.currency,
          nextAmountCents: p.nextAmountCents,
          effectiveAt: p.effectiveAt,
          description: p.description,
        },
      };
    },
  );

  app.post(
    '/users/subscription/change-plan',
    {
      schema: {
        tags,
        summary: 'Change plan (upgrade now with proration, downgrade at renewal)',
        security: bearerSecurity,
        description:
          'An upgrade charges the card on file for the prorated difference (a decline answers 402 and changes nothing). ' +
          'A downgrade is scheduled for the period end. Choosing the current plan again drops a scheduled downgrade.',
        body: PlanChangeBody,
        response: replies(PlanChangeResult),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { planId, idempotencyKey } = request.body;
      return ctx.billing.replayable(
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
      );
    },
  );
};
