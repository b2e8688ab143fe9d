import type { Kysely } from 'kysely';
import type { Database, SubscriptionsTable } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-errors';
import { newId, nowIso } from '../lib/ids';
import type { Notifier } from './notifier';
import {
  CardError,
  verifyWebhookSignature,
  type CardInput,
  type PaymentGateway,
  type StripeLikeEvent,
} from './payment-gateway';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

const ENTITLED = ['active'] as const;

function mapStripeStatus(status: string | undefined): SubscriptionsTable['status'] | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    default:
      return null;
  }
}

const isoFromUnix = (seconds: unknown): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(seconds * 1000).toISOString()
    : null;

/**
 * Subscription state lives here and changes only through handleEvent, whether
 * the event came from Stripe's webhook, Stripe's synchronous answer, or the
 * local test gateway. So test mode exercises the production code path.
 */
export class Billing {
  constructor(
    private readonly db: Kysely<Database>,
    readonly gateway: PaymentGateway,
    private readonly webhookSecret: string,
    private readonly notifier: Notifier,
  ) {}

  async currentSubscription(userId: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async isEntitled(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select(['current_period_end'])
      .where('user_id', '=', userId)
      .where('status', 'in', ENTITLED)
      .executeTakeFirst();
    return !!row && (!row.current_period_end || row.current_period_end > nowIso());
  }

  async checkout(userId: string, planId: string, card: CardInput) {
    const plan = await this.db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', planId)
      .executeTakeFirst();
    if (!plan) throw notFound('That plan does not exist.');
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (await this.isEntitled(userId))
      throw conflict('You already have an active subscription. Manage it from your account.');

    let result;
    try {
      result = await this.gateway.createSubscription({ user, plan, card });
    } catch (err) {
      if (err instanceof CardError) throw new HttpError(402, err.message, { card: err.code });
      throw err;
    }
    const now = nowIso();
    const subscriptionId = newId('sub');
    await this.db
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        user_id: userId,
        plan_id: plan.id,
        status: 'incomplete',
        provider: this.gateway.mode,
        provider_subscription_id: result.providerSubscriptionId,
        current_period_end: null,
        cancel_at_period_end: 0,
        canceled_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const delivery of result.deliveries)
      await this.handleWebhook(delivery.payload, delivery.signature);
    if (result.immediateEvent) await this.handleEvent(result.immediateEvent);

    const subscription = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    const payment = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (subscription.status !== 'active') {
      throw new HttpError(402, payment?.failure_message ?? 'Your payment could not be completed.', {
        card: 'payment_failed',
      });
    }
    return { subscription, payment: payment ?? null, plan };
  }

  async cancel(userId: string, immediately: boolean) {
    const sub = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'past_due'])
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!sub) throw notFound("You don't have an active subscription to cancel.");
    if (sub.cancel_at_period_end && !immediately) return sub;
    const event = await this.gateway.cancelSubscription(sub.provider_subscription_id, !immediately);
    if (event) await this.handleEvent(event);
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
  }

  /** POST /payments/webhook and the local gateway both land here. */
  async handleWebhook(payload: string, signature: string | undefined): Promise<WebhookOutcome> {
    if (!verifyWebhookSignature(payload, signature, this.webhookSecret)) {
      throw badRequest('The webhook signature is missing or invalid.');
    }
    let event: StripeLikeEvent;
    try {
      event = JSON.parse(payload) as StripeLikeEvent;
    } catch {
      throw badRequest('The webhook body is not valid JSON.');
    }
    if (
      !event ||
      typeof event.id !== 'string' ||
      typeof event.type !== 'string' ||
      !event.data?.object
    ) {
      throw badRequest('The webhook body is not an event.');
    }
    return this.handleEvent(event);
  }

  async handleEvent(event: StripeLikeEvent): Promise<WebhookOutcome> {
    // Providers deliver at least once; the event id makes handling idempotent.
    if (!event.id.startsWith('sync_')) {
      const seen = await this.db
        .selectFrom('webhook_events')
        .select('id')
        .where('id', '=', event.id)
        .executeTakeFirst();
      if (seen) return 'duplicate';
      await this.db
        .insertInto('webhook_events')
        .values({ id: event.id, type: event.type, received_at: nowIso() })
        .execute();
    }
    const obj = event.data.object;
    const providerSubId: unknown = event.type.startsWith('invoice.')
      ? (obj.subscription ?? obj.parent?.subscription_details?.subscription)
      : obj.id;
    if (typeof providerSubId !== 'string') return 'ignored';
    const sub = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerSubId)
      .executeTakeFirst();
    if (!sub) return 'ignored';
    const now = nowIso();

    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const periodEnd = isoFromUnix(obj.lines?.data?.[0]?.period?.end) ?? sub.current_period_end;
        await this.db
          .updateTable('subscriptions')
          .set({ status: 'active', current_period_end: periodEnd, updated_at: now })
          .where('id', '=', sub.id)
          .execute();
        await this.recordPayment(sub, obj, 'succeeded');
        if (sub.status !== 'active') {
          await this.notifier.notify(sub.user_id, {
            kind: 'billing',
            title: 'Welcome to Premium',
            body: 'Your subscription is active. Every premium title is now yours to watch.',
            link: '/manage-subscribe',
          });
        }
        return 'processed';
      }
      case 'invoice.payment_failed': {
        await this.db
          .updateTable('subscriptions')
          .set({ status: sub.status === 'active' ? 'past_due' : sub.status, updated_at: now })
          .where('id', '=', sub.id)
          .execute();
        await this.recordPayment(sub, obj, 'failed');
        if (sub.status === 'active') {
          await this.notifier.notify(sub.user_id, {
            kind: 'billing',
            title: 'Payment failed',
            body: 'We could not renew your subscription. Update your card to keep watching premium titles.',
            link: '/manage-subscribe',
          });
        }
        return 'processed';
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated': {
        const status = mapStripeStatus(obj.status) ?? sub.status;
        const periodEnd =
          isoFromUnix(obj.current_period_end ?? obj.items?.data?.[0]?.current_period_end) ??
          sub.current_period_end;
        await this.db
          .updateTable('subscriptions')
          .set({
            status,
            current_period_end: periodEnd,
            cancel_at_period_end: obj.cancel_at_period_end ? 1 : 0,
            canceled_at: status === 'canceled' ? (sub.canceled_at ?? now) : sub.canceled_at,
            updated_at: now,
          })
          .where('id', '=', sub.id)
          .execute();
        return 'processed';
      }
      case 'customer.subscription.deleted': {
        await this.db
          .updateTable('subscriptions')
          .set({ status: 'canceled', canceled_at: now, cancel_at_period_end: 0, updated_at: now })
          .where('id', '=', sub.id)
          .execute();
        await this.notifier.notify(sub.user_id, {
          kind: 'billing',
          title: 'Subscription ended',
          body: 'Your premium subscription has ended. Free titles are still yours to watch.',
          link: '/subscription',
        });
        return 'processed';
      }
      default:
        return 'ignored';
    }
  }

  private async recordPayment(
    sub: { id: string; user_id: string },
    invoice: Record<string, any>,
    status: 'succeeded' | 'failed',
  ) {
    await this.db
      .insertInto('payments')
      .values({
        id: newId('pay'),
        user_id: sub.user_id,
        subscription_id: sub.id,
        provider_ref: String(invoice.id ?? ''),
        amount_cents: Number(
          status === 'succeeded' ? (invoice.amount_paid ?? 0) : (invoice.amount_due ?? 0),
        ),
        currency: String(invoice.currency ?? 'usd'),
        status,
        card_brand: invoice.payment_details?.brand ?? null,
        card_last4: invoice.payment_details?.last4 ?? null,
        failure_message:
          status === 'failed'
            ? (invoice.last_payment_error?.message ?? 'Your card was declined.')
            : null,
        created_at: nowIso(),
      })
      .execute();
  }
}
