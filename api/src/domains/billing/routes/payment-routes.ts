import { Type } from 'typebox';
import { badRequest } from '../../../lib/http-errors';
import type { CheckoutOutcome } from '../services/billing';
import {
  CheckoutNextAction,
  Payment,
  Plan,
  SubscriptionSummary,
  replies,
} from '../../../lib/common-schemas';
import { IdempotencyKey } from '../schemas/subscription-schemas';
import { listPlans, paymentView, planView, subscriptionView } from '../services/billing-views';
import { defineRoutes } from '../../../lib/define-routes';
import type { BillingContext } from '../billing-context';
import { requestLanguage } from '../../../plugins/language';

const tags = ['billing'];

const CheckoutResult = Type.Object(
  {
    subscription: SubscriptionSummary,
    payment: Type.Union([Payment, Type.Null()]),
    plan: Plan,
    nextAction: CheckoutNextAction,
  },
  { title: 'CheckoutResult' },
);

export function checkoutReply(result: CheckoutOutcome) {
  return {
    status: true as const,
    message: result.nextAction
      ? 'Confirm this payment with your bank.'
      : `You're subscribed to ${result.plan.name}.`,
    data: {
      subscription: subscriptionView(result.subscription, result.plan.name),
      payment: result.payment ? paymentView(result.payment) : null,
      plan: planView(result.plan),
      nextAction: result.nextAction,
    },
  };
}

export const paymentRoutes = defineRoutes<BillingContext>(tags, async (route, ctx, app) => {
  route.get('/plans', {
    summary: 'Subscription plans',
    reply: Type.Object({
      plans: Type.Array(Plan),
      paymentMode: Type.Union([Type.Literal('local'), Type.Literal('stripe')], {
        description:
          '"local": the offline test gateway (label the payment form "test mode"; use 4242 4242 4242 4242).',
      }),
    }),
    handler: async (request) => ({
      message: 'Plans.',
      data: {
        plans: await listPlans(ctx.db, requestLanguage(request)),
        paymentMode: ctx.billing.gateway.mode,
      },
    }),
  });

  route.post('/payments/checkout', {
    summary: 'Subscribe to a plan and pay by card',
    description:
      'With Stripe configured send paymentMethodId from Stripe Elements. In local test mode send either card details ' +
      '(Stripe test numbers: 4242424242424242 succeeds, 4000000000000002 is declined, 4000000000009995 has insufficient funds) ' +
      'or a Stripe test PaymentMethod id (pm_card_visa, pm_card_chargeDeclined). A declined card answers 402 with the reason. ' +
      'The subscription becomes active through the same webhook handling as in production.',
    access: 'signed-in',
    kidsProfile: 'refused',
    body: Type.Object({
      planId: Type.String({ minLength: 1, maxLength: 60 }),
      idempotencyKey: Type.Optional(IdempotencyKey),
      paymentMethodId: Type.Optional(Type.String({ pattern: '^pm_\\w{1,200}$' })),
      card: Type.Optional(
        Type.Object({
          number: Type.String({ pattern: '^[\\d\\s-]{12,23}$' }),
          expMonth: Type.Integer({ minimum: 1, maximum: 12 }),
          expYear: Type.Integer({ minimum: 0, maximum: 2100 }),
          cvc: Type.String({ pattern: '^\\d{3,4}$' }),
          name: Type.Optional(Type.String({ maxLength: 120 })),
        }),
      ),
    }),
    reply: CheckoutResult,
    handler: async (request, auth) => {
      const { planId, paymentMethodId, card, idempotencyKey } = request.body;
      if (!paymentMethodId && !card)
        throw badRequest('Enter your card details.', { card: 'is required' });
      await ctx.limits.cards.take(
        auth.userId,
        (minutes) => `Too many card attempts. Try again in ${minutes} minute(s).`,
      );
      // The card itself is not part of the fingerprint: a retry may re-send the same attempt, but the key names the attempt.
      return ctx.serialised(auth.userId, () =>
        ctx.billing.replayable(
          auth.userId,
          'checkout',
          idempotencyKey,
          JSON.stringify({ planId }),
          async () =>
            checkoutReply(
              await ctx.billing.checkout(
                auth.userId,
                planId,
                paymentMethodId ? { paymentMethodId } : { ...card! },
                idempotencyKey,
              ),
            ),
        ),
      );
    },
  });

  route.post('/payments/checkout/confirm', {
    summary: 'Finish a checkout that needed the bank (strong customer authentication)',
    description:
      'Local test gateway: approve: true passes the test challenge and activates the subscription through the same event path as a paid invoice; ' +
      'approve: false fails it (402, the subscription ends as incomplete_expired so the viewer can try again). ' +
      'Stripe: after Stripe.js handleNextAction, re-reads the PaymentIntent and subscription from Stripe and applies them.',
    access: 'signed-in',
    kidsProfile: 'refused',
    body: Type.Object({
      subscriptionId: Type.String({ minLength: 1, maxLength: 100 }),
      approve: Type.Optional(Type.Boolean()),
    }),
    reply: CheckoutResult,
    handler: async (request, auth) => {
      await ctx.limits.cards.take(
        auth.userId,
        (minutes) => `Too many card attempts. Try again in ${minutes} minute(s).`,
      );
      return ctx.serialised(auth.userId, async () =>
        checkoutReply(
          await ctx.billing.confirmCheckout(
            auth.userId,
            request.body.subscriptionId,
            request.body.approve,
          ),
        ),
      );
    },
  });

  // The signature covers the exact bytes sent, so this route keeps the raw body.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 512 * 1024 },
      (_req, body, done) => done(null, body),
    );
    hook.post(
      '/payments/webhook',
      {
        schema: {
          tags,
          summary: 'Payment provider webhook (Stripe-compatible)',
          description:
            'Stripe events signed with the Stripe-Signature header (t=...,v1=HMAC-SHA256). Handles invoice.paid, ' +
            'invoice.payment_failed, customer.subscription.created/updated and customer.subscription.deleted; each event id is processed once. ' +
            'An event older (by its created time) than the last one applied to that subscription is answered "ignored" and changes nothing, ' +
            'so late deliveries never roll a subscription back.',
          response: replies(
            Type.Object({
              outcome: Type.Union([
                Type.Literal('processed'),
                Type.Literal('duplicate'),
                Type.Literal('ignored'),
              ]),
            }),
          ),
        },
      },
      async (request) => {
        const payload = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['stripe-signature'];
        const outcome = await ctx.billing.handleWebhook(
          payload,
          Array.isArray(signature) ? signature[0] : signature,
        );
        return { status: true as const, message: `Event ${outcome}.`, data: { outcome } };
      },
    );
  });
});
