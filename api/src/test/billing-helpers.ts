import type { FastifyInstance } from 'fastify';
import { signWebhook } from '../domains/billing/services/payment-gateway';
import { bearer, registerUser } from './test-app';

export const WEBHOOK_SECRET = 'whsec_test_secret';

/** Checkout, subscription and webhook calls for the billing suites, against the app `app()` answers. */
export function billingHelpers(app: () => FastifyInstance) {
  const card = (number: string) => ({
    number,
    expMonth: 12,
    expYear: new Date().getFullYear() + 2,
    cvc: '123',
  });
  let keys = 0;
  const newKey = () => `attempt_${Date.now()}_${++keys}`;
  const checkout = (v: Viewer, payload: object) =>
    app().inject({
      method: 'POST',
      url: '/v1/payments/checkout',
      headers: bearer(v.tokens.access),
      payload,
    });
  const confirm = (v: Viewer, payload: object) =>
    app().inject({
      method: 'POST',
      url: '/v1/payments/checkout/confirm',
      headers: bearer(v.tokens.access),
      payload,
    });
  const manage = async (v: Viewer) =>
    (
      await app().inject({
        url: `/v1/users/subscription/manage?userId=${v.user.id}`,
        headers: bearer(v.tokens.access),
      })
    ).json().data;
  const plays = async (v: Viewer) =>
    (await app().inject({ url: '/v1/playback/t-premium', headers: bearer(v.tokens.access) }))
      .statusCode === 200;
  const rows = (table: 'subscriptions' | 'payments', userId: string) =>
    app().ctx.db.selectFrom(table).selectAll().where('user_id', '=', userId).execute();
  const post = (v: Viewer, url: string, payload: object = {}) =>
    app().inject({ method: 'POST', url: `/v1${url}`, headers: bearer(v.tokens.access), payload });
  const preview = (v: Viewer, planId: string) =>
    app().inject({
      url: `/v1/users/subscription/change-plan?planId=${planId}`,
      headers: bearer(v.tokens.access),
    });
  const changePlan = (v: Viewer, planId: string, idempotencyKey = newKey()) =>
    post(v, '/users/subscription/change-plan', { planId, idempotencyKey });
  const webhook = (event: object) => {
    const payload = JSON.stringify(event);
    return app().inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signWebhook(payload, WEBHOOK_SECRET),
      },
    });
  };
  async function subscribedTo(planId: string) {
    const v = await registerUser(app());
    const res = await checkout(v, {
      planId,
      card: card('4242424242424242'),
      idempotencyKey: newKey(),
    });
    expect(res.statusCode).toBe(200);
    return v;
  }

  return {
    card,
    newKey,
    checkout,
    confirm,
    manage,
    plays,
    rows,
    post,
    preview,
    changePlan,
    webhook,
    subscribedTo,
  };
}

export type Viewer = Awaited<ReturnType<typeof registerUser>>;
