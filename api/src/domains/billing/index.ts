/**
 * The billing domain: plans, checkout, gateways, webhook events and idempotency. Its plugin brings
 * the plans up to date, builds Billing over the configured gateway, offers it to the other domains
 * (`app.billing`) and registers its routes.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoutes } from '../../lib/define-routes';
import { RateLimiter } from '../../lib/rate-limiter';
import type { BillingContext } from './billing-context';
import { paymentRoutes } from './routes/payment-routes';
import { subscriptionRoutes } from './routes/subscription-routes';
import { Billing } from './services/billing';
import { LocalTestGateway } from './services/local-test-gateway';
import type { PaymentGateway } from './services/payment-gateway';
import { upsertPlans } from './services/plans';
import { StripeGateway } from './services/stripe-gateway';

export { type Billing } from './services/billing';
export { planText } from './services/plan-texts';
export { anonymiseBillingRecords } from './services/billing-erasure';
export { type PaymentOutcome } from './services/billing-events';
export { type PaymentGateway } from './services/payment-gateway';

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
  }
}

export interface BillingOptions {
  /** Tests: a gateway instead of the one the configuration picks (e.g. Stripe with a stubbed HTTP layer). */
  gateway?: PaymentGateway;
}

export const billing = fp(
  async (app: FastifyInstance, options: BillingOptions) => {
    const { config, db } = app.ctx;
    // Plans are product data: every start brings them to PLANS (new plans appear in existing databases).
    await upsertPlans(db);
    const gateway =
      options.gateway ??
      (config.stripeSecretKey
        ? new StripeGateway(config.stripeSecretKey)
        : new LocalTestGateway(config.stripeWebhookSecret));
    const ctx: BillingContext = {
      ...app.ctx,
      billing: new Billing(db, gateway, config.stripeWebhookSecret, app.notifier),
      limits: {
        cards: new RateLimiter(10, 3600_000, app.ctx.rateLimits, 'cards:'),
        planChanges: new RateLimiter(10, 3600_000, app.ctx.rateLimits, 'plan-changes:'),
      },
      serialised: (userId, work) => app.ctx.exclusive(`billing:${userId}`, work),
    };
    app.decorate('billing', ctx.billing);
    await registerRoutes(app, ctx, { v1: [subscriptionRoutes, paymentRoutes] });
  },
  { name: 'billing', dependencies: ['notifications'] },
);
