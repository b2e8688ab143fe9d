import type { Kysely, Updateable } from 'kysely';
import type { Database, SubscriptionsTable } from '../../../db/schema';
import { badRequest } from '../../../lib/http-errors';
import { newId, nowIso } from '../../../lib/ids';
import type { Notifier } from '../../notifications';
import { verifyWebhookSignature, type StripeLikeEvent } from './payment-gateway';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/** What became of a payment: a row in `payments` (succeeded, failed), or the bank asking the viewer. */
export type PaymentOutcome = 'succeeded' | 'failed' | 'requires_action';

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

/** What the viewer is told when a provider event changes their subscription. */
const NOTICES = {
  welcome: {
    title: 'Welcome to Premium',
    body: 'Your subscription is active. Every premium title is now yours to watch.',
    link: '/manage-subscribe',
  },
  paymentFailed: {
    title: 'Payment failed',
    body: 'We could not renew your subscription. Update your card to keep watching premium titles.',
    link: '/manage-subscribe',
  },
  ended: {
    title: 'Subscription ended',
    body: 'Your premium subscription has ended. Free titles are still yours to watch.',
    link: '/subscription',
  },
};

/**
 * The one way subscription state changes: provider events (webhook deliveries, Stripe's synchronous
 * answers, the local test gateway's events) applied once each, never rolled back by a late one.
 */
export class BillingEvents {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly webhookSecret: string,
    private readonly notifier: Notifier,
    /** Told of each payment row written (the payments metric). */
    private readonly onPayment: (outcome: PaymentOutcome) => void = () => undefined,
  ) {}

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
    // Providers deliver at least once; the event id makes handling idempotent. The id is claimed
    // atomically (a concurrent delivery of the same event is a duplicate), and the claim is dropped
    // again when handling fails, so the provider's retry is handled instead of skipped.
    if (event.id.startsWith('sync_')) return this.applyEvent(event);
    const claimed = await this.db
      .insertInto('webhook_events')
      .values({ id: event.id, type: event.type, received_at: nowIso() })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return 'duplicate';
    try {
      return await this.applyEvent(event);
    } catch (err) {
      await this.db.deleteFrom('webhook_events').where('id', '=', event.id).execute();
      throw err;
    }
  }

  private async applyEvent(event: StripeLikeEvent): Promise<WebhookOutcome> {
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

    // Issue 15 finding 4: providers do not deliver in order. An event older than the last one
    // applied to this subscription must not roll its state back; a payment it reports still
    // happened, so it still goes into the history.
    const created = Number.isFinite(event.created) ? event.created : 0;
    const stale = sub.last_event_at !== null && created < sub.last_event_at;
    // A cancelled subscription never comes back at the provider either (Stripe: terminal).
    const ended = sub.status === 'canceled';
    if (stale || ended) {
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded')
        await this.recordPayment(sub, obj, 'succeeded');
      else if (event.type === 'invoice.payment_failed')
        await this.recordPayment(sub, obj, 'failed');
      return 'ignored';
    }
    const applied = { last_event_at: Math.max(created, sub.last_event_at ?? 0), updated_at: now };

    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const periodEnd = isoFromUnix(obj.lines?.data?.[0]?.period?.end) ?? sub.current_period_end;
        // The renewal a downgrade was waiting for.
        const renewed =
          !!sub.scheduled_plan_id &&
          !!periodEnd &&
          !!sub.current_period_end &&
          periodEnd > sub.current_period_end;
        await this.update(sub, {
          status: 'active',
          current_period_end: periodEnd,
          ...(renewed ? { plan_id: sub.scheduled_plan_id!, scheduled_plan_id: null } : {}),
          ...applied,
        });
        await this.recordPayment(sub, obj, 'succeeded');
        if (sub.status === 'incomplete') await this.tell(sub, 'welcome');
        return 'processed';
      }
      case 'invoice.payment_failed': {
        await this.update(sub, {
          status: sub.status === 'active' ? 'past_due' : sub.status,
          ...applied,
        });
        await this.recordPayment(sub, obj, 'failed');
        if (sub.status === 'active') await this.tell(sub, 'paymentFailed');
        return 'processed';
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated': {
        let status = mapStripeStatus(obj.status) ?? sub.status;
        // Once paid, a subscription never goes back to waiting for its first payment.
        if (status === 'incomplete' && sub.status !== 'incomplete') status = sub.status;
        const periodEnd =
          isoFromUnix(obj.current_period_end ?? obj.items?.data?.[0]?.current_period_end) ??
          sub.current_period_end;
        const plan = await this.planChangeFrom(obj.metadata, sub, created);
        await this.update(sub, {
          status,
          current_period_end: periodEnd,
          cancel_at_period_end: obj.cancel_at_period_end ? 1 : 0,
          canceled_at: status === 'canceled' ? (sub.canceled_at ?? now) : sub.canceled_at,
          ...plan,
          ...applied,
        });
        return 'processed';
      }
      case 'customer.subscription.deleted': {
        await this.update(sub, {
          status: 'canceled',
          canceled_at: now,
          cancel_at_period_end: 0,
          ...applied,
        });
        if (sub.status !== 'incomplete') await this.tell(sub, 'ended');
        return 'processed';
      }
      default:
        return 'ignored';
    }
  }

  private async update(sub: SubscriptionsTable, set: Updateable<SubscriptionsTable>) {
    await this.db.updateTable('subscriptions').set(set).where('id', '=', sub.id).execute();
  }

  private tell(sub: SubscriptionsTable, notice: keyof typeof NOTICES) {
    return this.notifier.notify(sub.user_id, { kind: 'billing', ...NOTICES[notice] });
  }

  /**
   * metadata.planId is the plan the provider bills; with planEffectiveAt still ahead it is a
   * downgrade waiting for that renewal, otherwise it applies now.
   */
  private async planChangeFrom(
    metadata: Record<string, unknown> | undefined,
    sub: SubscriptionsTable,
    created: number,
  ): Promise<Partial<Pick<SubscriptionsTable, 'plan_id' | 'scheduled_plan_id'>>> {
    const planId = metadata?.planId;
    if (typeof planId !== 'string' || !planId) return {};
    const known = await this.db
      .selectFrom('plans')
      .select('id')
      .where('id', '=', planId)
      .executeTakeFirst();
    if (!known) return {};
    if (planId === sub.plan_id) return { scheduled_plan_id: null };
    const effectiveAt = Number(metadata?.planEffectiveAt);
    if (Number.isFinite(effectiveAt) && effectiveAt > created) return { scheduled_plan_id: planId };
    return { plan_id: planId, scheduled_plan_id: null };
  }

  private async recordPayment(
    sub: { id: string; user_id: string },
    invoice: Record<string, any>,
    status: 'succeeded' | 'failed',
  ) {
    const ref = String(invoice.id ?? '');
    // Stripe's synchronous answer and its webhook may both report one invoice.
    if (ref && status === 'succeeded') {
      const seen = await this.db
        .selectFrom('payments')
        .select('id')
        .where('provider_ref', '=', ref)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      if (seen) return;
    }
    const card = invoice.payment_details ?? {};
    const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
    await this.db
      .insertInto('payments')
      .values({
        id: newId('pay'),
        user_id: sub.user_id,
        subscription_id: sub.id,
        provider_ref: ref,
        amount_cents: Number(
          status === 'succeeded' ? (invoice.amount_paid ?? 0) : (invoice.amount_due ?? 0),
        ),
        currency: String(invoice.currency ?? 'usd'),
        status,
        card_brand: card.brand ?? null,
        card_last4: card.last4 ?? null,
        card_exp_month: int(card.exp_month),
        card_exp_year: int(card.exp_year),
        failure_message:
          status === 'failed'
            ? (invoice.last_payment_error?.message ?? 'Your card was declined.')
            : null,
        created_at: nowIso(),
      })
      .execute();
    this.onPayment(status);
  }
}
