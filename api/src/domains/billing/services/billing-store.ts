import type { Kysely } from 'kysely';
import type { Database, PlansTable, SubscriptionsTable } from '../../../db/schema';
import { foundOr404 } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import { BillingEvents, type PaymentOutcome, type WebhookOutcome } from './billing-events';
import { ENTITLED, OPEN } from './billing-rules';
import { replayable, type Replay } from './idempotency';
import type { Notifier } from '../../notifications';
import type { GatewayEvents, NextAction, PaymentGateway, StripeLikeEvent } from './payment-gateway';

/**
 * Billing's reads and the plumbing its commands share (events fed through BillingEvents, the
 * idempotent replay of payment requests). The commands themselves live in Billing (billing.ts).
 */
export class BillingStore {
  private readonly events: BillingEvents;
  private readonly paymentListeners = new Set<(outcome: PaymentOutcome) => void>();

  constructor(
    protected readonly db: Kysely<Database>,
    readonly gateway: PaymentGateway,
    webhookSecret: string,
    notifier: Notifier,
    /** How long a duplicate request waits for the first one before giving up (ms). */
    private readonly replayWaitMs = 30_000,
  ) {
    this.events = new BillingEvents(db, webhookSecret, notifier, (outcome) =>
      this.paymentOutcome(outcome),
    );
  }

  /**
   * Tells `listener` the outcome of every payment this instance records or sees the bank
   * challenge (operators count them); returns the way to stop.
   */
  onPaymentOutcome(listener: (outcome: PaymentOutcome) => void): () => void {
    this.paymentListeners.add(listener);
    return () => this.paymentListeners.delete(listener);
  }

  protected paymentOutcome(outcome: PaymentOutcome): void {
    for (const listener of this.paymentListeners) listener(outcome);
  }

  /** The user's subscriptions, every status: a query to narrow. */
  protected subscriptionsOf(userId: string) {
    return this.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId);
  }

  async currentSubscription(userId: string) {
    return this.subscriptionsOf(userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  protected async openSubscription(userId: string) {
    return this.subscriptionsOf(userId).where('status', 'in', OPEN).executeTakeFirst();
  }

  protected async subscriptionById(id: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  protected async plan(planId: string) {
    return foundOr404(
      this.db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst(),
      'That plan does not exist.',
    );
  }

  async isEntitled(userId: string): Promise<boolean> {
    return !!(await this.entitledPlan(userId));
  }

  /** The plan the viewer may watch with right now, if any. */
  async entitledPlan(userId: string) {
    const row = await this.db
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select(['plans.id', 'plans.name', 'plans.tier', 'subscriptions.current_period_end'])
      .where('subscriptions.user_id', '=', userId)
      .where('subscriptions.status', 'in', ENTITLED)
      .executeTakeFirst();
    if (!row || (row.current_period_end && row.current_period_end <= nowIso())) return null;
    return { id: row.id, name: row.name, tier: row.tier };
  }

  /** The card on file: the one of the last successful payment. */
  async paymentMethod(userId: string) {
    const row = await this.db
      .selectFrom('payments')
      .select(['card_brand', 'card_last4', 'card_exp_month', 'card_exp_year'])
      .where('user_id', '=', userId)
      .where('status', '=', 'succeeded')
      .where('card_last4', 'is not', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row?.card_last4) return null;
    return {
      brand: row.card_brand ?? 'card',
      last4: row.card_last4,
      expMonth: row.card_exp_month,
      expYear: row.card_exp_year,
    };
  }

  async scheduledChange(sub: SubscriptionsTable) {
    // A subscription set to end never reaches the renewal the change waits for.
    if (
      !sub.scheduled_plan_id ||
      sub.cancel_at_period_end ||
      !OPEN.includes(sub.status as (typeof OPEN)[number])
    )
      return null;
    const plan = await this.db
      .selectFrom('plans')
      .select(['id', 'name'])
      .where('id', '=', sub.scheduled_plan_id)
      .executeTakeFirst();
    if (!plan || !sub.current_period_end) return null;
    return { planId: plan.id, planName: plan.name, effectiveAt: sub.current_period_end };
  }

  protected async feed(result: GatewayEvents) {
    for (const delivery of result.deliveries)
      await this.handleWebhook(delivery.payload, delivery.signature);
    for (const event of result.immediateEvents ?? []) await this.handleEvent(event);
  }

  protected async outcome(subscriptionId: string, plan: PlansTable, nextAction: NextAction | null) {
    const subscription = await this.subscriptionById(subscriptionId);
    const payment = await this.db
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return { subscription, payment: payment ?? null, plan, nextAction };
  }

  /** Our reservation ends without the provider (it never got that far, or already said no). */
  protected async release(subscriptionId: string) {
    const now = nowIso();
    await this.db
      .updateTable('subscriptions')
      .set({ status: 'canceled', canceled_at: now, pending_action_json: null, updated_at: now })
      .where('id', '=', subscriptionId)
      .where('status', '=', 'incomplete')
      .execute();
  }

  /**
   * Runs a payment request once per (user, scope, key): see idempotency.ts.
   */
  replayable<T extends Replay>(
    userId: string,
    scope: string,
    key: string | undefined,
    fingerprint: string,
    run: () => Promise<T>,
  ): Promise<T> {
    return replayable(this.db, this.replayWaitMs, { userId, scope, key, fingerprint }, run);
  }

  /** POST /payments/webhook and the local gateway both land here. */
  handleWebhook(payload: string, signature: string | undefined): Promise<WebhookOutcome> {
    return this.events.handleWebhook(payload, signature);
  }

  handleEvent(event: StripeLikeEvent): Promise<WebhookOutcome> {
    return this.events.handleEvent(event);
  }
}
