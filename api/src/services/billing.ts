import type { Kysely } from 'kysely';
import type { Database, PaymentsTable, PlansTable, SubscriptionsTable } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-errors';
import { newId, nowIso } from '../lib/ids';
import type { Notifier } from './notifier';
import {
  AUTHENTICATION_FAILED,
  CardError,
  verifyWebhookSignature,
  type CardInput,
  type GatewayEvents,
  type NextAction,
  type PaymentGateway,
  type StripeLikeEvent,
} from './payment-gateway';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface CheckoutOutcome {
  subscription: SubscriptionsTable;
  payment: PaymentsTable | null;
  plan: PlansTable;
  nextAction: NextAction | null;
}

const ENTITLED = ['active'] as const;
const OPEN = ['incomplete', 'active', 'past_due'] as const;
const DAY_MS = 86_400_000;

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

/** How long a checkout may talk to the provider; a reservation older than this was abandoned. */
const IN_FLIGHT_MS = 2 * 60_000;

/** Same schema-builder code on SQLite and PostgreSQL, so recognise both drivers' duplicate-key errors. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * A decline is the viewer's to fix (402). Anything else the provider says (its own 4xx
 * included) is our problem, not a statement about the request: 502, and the attempt may be retried.
 */
function gatewayError(err: unknown): HttpError {
  if (err instanceof CardError) return new HttpError(402, err.message, { card: err.code });
  if (err instanceof HttpError) return err;
  const wrapped = new HttpError(
    502,
    'The payment provider did not answer as expected. Nothing has changed; try again in a moment.',
  );
  wrapped.cause = err;
  return wrapped;
}

async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw gatewayError(err);
  }
}

/** Price per day, so monthly and yearly plans compare: more per day is an upgrade. */
const perDay = (plan: PlansTable) => plan.price_cents / (plan.interval === 'year' ? 365 : 365 / 12);

function addInterval(from: Date, interval: 'month' | 'year', sign = 1): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + sign);
  else d.setUTCMonth(d.getUTCMonth() + sign);
  return d;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );

interface Replay {
  status: true;
  message: string;
  data: unknown;
}

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
    /** How long a duplicate request waits for the first one before giving up (ms). */
    private readonly replayWaitMs = 30_000,
  ) {}

  async currentSubscription(userId: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  private async openSubscription(userId: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
  }

  private async subscriptionById(id: string) {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  private async plan(planId: string) {
    const plan = await this.db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', planId)
      .executeTakeFirst();
    if (!plan) throw notFound('That plan does not exist.');
    return plan;
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

  /**
   * Runs a payment request once per (user, scope, key): a replay gets the first attempt's
   * answer (success or 4xx alike), and a concurrent duplicate waits for it. The claim is a
   * row under a primary key, so this also holds across API instances sharing the database.
   */
  async replayable<T extends Replay>(
    userId: string,
    scope: string,
    key: string | undefined,
    fingerprint: string,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!key) return run();
    // Like Stripe's, a key protects an attempt for a day; older ones are forgotten.
    await this.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('created_at', '<', new Date(Date.now() - DAY_MS).toISOString())
      .execute();
    const claim = async () => {
      try {
        await this.db
          .insertInto('idempotency_keys')
          .values({
            user_id: userId,
            scope,
            key,
            fingerprint,
            status_code: null,
            response_json: null,
            created_at: nowIso(),
          })
          .execute();
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    };
    const row = () =>
      this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
    const deadline = Date.now() + this.replayWaitMs;
    while (!(await claim())) {
      const first = await row();
      if (!first) continue; // released after a server error: try to claim it again
      if (first.fingerprint !== fingerprint)
        throw new HttpError(
          409,
          'This payment attempt was already used for a different choice. Start again from the plan.',
        );
      if (first.status_code !== null && first.response_json) {
        const body = JSON.parse(first.response_json) as T & { errors?: Record<string, string> };
        if (first.status_code >= 400)
          throw new HttpError(first.status_code, body.message, body.errors);
        return body;
      }
      if (Date.now() > deadline)
        throw new HttpError(
          409,
          'This payment is still being processed. Check your subscription in a moment.',
        );
      await new Promise((r) => setTimeout(r, 50));
    }
    const settle = (statusCode: number, body: unknown) =>
      this.db
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, response_json: JSON.stringify(body) })
        .where('user_id', '=', userId)
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    try {
      const reply = await run();
      await settle(200, reply);
      return reply;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode < 500) {
        await settle(err.statusCode, { status: false, message: err.message, errors: err.errors });
      } else {
        // Not an answer (a crash or the provider unreachable): the viewer may retry the same
        // attempt, and the provider's own idempotency key still prevents a second charge.
        await this.db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('scope', '=', scope)
          .where('key', '=', key)
          .execute();
      }
      throw err;
    }
  }

  private async feed(result: GatewayEvents) {
    for (const delivery of result.deliveries)
      await this.handleWebhook(delivery.payload, delivery.signature);
    for (const event of result.immediateEvents ?? []) await this.handleEvent(event);
  }

  private async outcome(subscriptionId: string, plan: PlansTable, nextAction: NextAction | null) {
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
  private async release(subscriptionId: string) {
    const now = nowIso();
    await this.db
      .updateTable('subscriptions')
      .set({ status: 'canceled', canceled_at: now, pending_action_json: null, updated_at: now })
      .where('id', '=', subscriptionId)
      .where('status', '=', 'incomplete')
      .execute();
  }

  async checkout(
    userId: string,
    planId: string,
    card: CardInput,
    idempotencyKey?: string,
  ): Promise<CheckoutOutcome> {
    const plan = await this.plan(planId);
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (await this.isEntitled(userId))
      throw conflict('You already have an active subscription. Manage it from your account.');
    const open = await this.openSubscription(userId);
    // A fresh reservation that is not waiting for the bank is another checkout still talking to the
    // provider (a double submit, or a second tab): replacing it would cancel a payment under way.
    // An old one is what a crashed request left behind, and is replaced like any abandoned attempt.
    if (
      open?.status === 'incomplete' &&
      !open.pending_action_json &&
      Date.now() - Date.parse(open.created_at) < IN_FLIGHT_MS
    )
      throw conflict('A payment for your subscription is already in progress.');
    if (open?.status === 'incomplete') {
      // An earlier attempt is still waiting for the bank: a new attempt replaces it.
      if (!open.provider_subscription_id.startsWith('pending_'))
        await this.feed(
          await provider(() => this.gateway.expireSubscription(open.provider_subscription_id)),
        );
      await this.release(open.id);
    } else if (open) {
      // Open but not entitled: a renewal failed (past_due) or the period ran out. Paying again
      // with a card that works is the way back, so the old subscription ends now.
      const event = await provider(() =>
        this.gateway.cancelSubscription(open.provider_subscription_id, false),
      );
      if (event) await this.handleEvent(event);
      await this.db
        .updateTable('subscriptions')
        .set({ status: 'canceled', canceled_at: nowIso(), updated_at: nowIso() })
        .where('id', '=', open.id)
        .where('status', 'in', ['active', 'past_due'])
        .execute();
    }

    // Reserve the one open subscription before the provider hears of it (issue 15 finding 5):
    // the partial unique index refuses a second one, whichever request gets here second.
    const now = nowIso();
    const subscriptionId = newId('sub');
    try {
      await this.db
        .insertInto('subscriptions')
        .values({
          id: subscriptionId,
          user_id: userId,
          plan_id: plan.id,
          status: 'incomplete',
          provider: this.gateway.mode,
          provider_subscription_id: `pending_${subscriptionId}`,
          current_period_end: null,
          cancel_at_period_end: 0,
          canceled_at: null,
          created_at: now,
          updated_at: now,
          last_event_at: null,
          scheduled_plan_id: null,
          pending_action_json: null,
          payment_method_ref: null,
        })
        .execute();
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict('A payment for your subscription is already in progress.');
      throw err;
    }

    let result;
    try {
      result = await this.gateway.createSubscription({
        user,
        plan,
        card,
        idempotencyKey: `checkout-${userId}-${idempotencyKey ?? subscriptionId}`,
      });
    } catch (err) {
      await this.release(subscriptionId);
      throw gatewayError(err);
    }
    await this.db
      .updateTable('subscriptions')
      .set({
        provider_subscription_id: result.providerSubscriptionId,
        payment_method_ref: result.paymentMethodRef,
        pending_action_json:
          result.nextAction && result.pendingState
            ? JSON.stringify({ nextAction: result.nextAction, state: result.pendingState })
            : null,
      })
      .where('id', '=', subscriptionId)
      .execute();
    await this.feed(result);

    const outcome = await this.outcome(subscriptionId, plan, null);
    if (outcome.subscription.status === 'active') return outcome;
    if (result.nextAction && outcome.subscription.status === 'incomplete')
      return { ...outcome, nextAction: result.nextAction };
    await this.release(subscriptionId);
    throw new HttpError(
      402,
      outcome.payment?.failure_message ?? 'Your payment could not be completed.',
      { card: 'payment_failed' },
    );
  }

  /** The second half of a checkout that needed the bank: approved, it activates like any paid invoice. */
  async confirmCheckout(
    userId: string,
    subscriptionId: string,
    approve: boolean | undefined,
  ): Promise<CheckoutOutcome> {
    const sub = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!sub) throw notFound('That payment does not exist.');
    const plan = await this.plan(sub.plan_id);
    if (sub.status === 'active' || sub.status === 'past_due')
      return this.outcome(sub.id, plan, null);
    if (sub.status === 'canceled') {
      const last = await this.outcome(sub.id, plan, null);
      throw new HttpError(402, last.payment?.failure_message ?? AUTHENTICATION_FAILED, {
        card: 'authentication_failed',
      });
    }
    if (!sub.pending_action_json) throw conflict('This payment is not waiting for confirmation.');
    if (this.gateway.mode === 'local' && approve === undefined)
      throw badRequest('Approve or fail the test-mode challenge.', { approve: 'is required' });
    const pending = JSON.parse(sub.pending_action_json) as { state: Record<string, unknown> };
    // Take the pending action so that a double click confirms once; put it back if the provider fails.
    const taken = await this.db
      .updateTable('subscriptions')
      .set({ pending_action_json: null })
      .where('id', '=', sub.id)
      .where('pending_action_json', '=', sub.pending_action_json)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0)
      throw conflict(
        'This payment is already being confirmed. Check your subscription in a moment.',
      );
    try {
      await this.feed(
        await provider(() =>
          this.gateway.confirmSubscription({
            providerSubscriptionId: sub.provider_subscription_id,
            approve: approve ?? true,
            pendingState: pending.state,
          }),
        ),
      );
    } catch (err) {
      await this.db
        .updateTable('subscriptions')
        .set({ pending_action_json: sub.pending_action_json })
        .where('id', '=', sub.id)
        .where('status', '=', 'incomplete')
        .execute();
      throw err;
    }
    const outcome = await this.outcome(sub.id, plan, null);
    if (outcome.subscription.status === 'active') return outcome;
    await this.release(sub.id);
    throw new HttpError(402, AUTHENTICATION_FAILED, { card: 'authentication_failed' });
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
    const event = await provider(() =>
      this.gateway.cancelSubscription(sub.provider_subscription_id, !immediately),
    );
    if (event) await this.handleEvent(event);
    return this.subscriptionById(sub.id);
  }

  async resume(userId: string) {
    const sub = await this.currentSubscription(userId);
    if (
      !sub ||
      sub.status === 'canceled' ||
      sub.status === 'incomplete' ||
      (sub.current_period_end !== null && sub.current_period_end <= nowIso())
    )
      throw notFound(
        'There is no subscription to resume: it has already ended. Choose a plan to subscribe again.',
      );
    if (!sub.cancel_at_period_end)
      throw conflict('Your subscription is not set to end, so there is nothing to resume.');
    const event = await provider(() =>
      this.gateway.resumeSubscription(sub.provider_subscription_id),
    );
    if (event) await this.handleEvent(event);
    return {
      subscription: await this.subscriptionById(sub.id),
      plan: await this.plan(sub.plan_id),
    };
  }

  async previewPlanChange(userId: string, planId: string, now = new Date()) {
    const newPlan = await this.plan(planId);
    const sub = await this.openSubscription(userId);
    if (!sub || sub.status === 'incomplete' || !(await this.isEntitled(userId)))
      throw notFound("You don't have an active subscription to change. Choose a plan instead.");
    if (sub.status === 'past_due')
      throw conflict('Your last payment failed. Update your card before changing plan.');
    if (sub.cancel_at_period_end)
      throw conflict('Your subscription is set to end. Resume it before changing plan.');
    const currentPlan = await this.plan(sub.plan_id);
    if (currentPlan.id === newPlan.id) throw conflict(`You're already on ${currentPlan.name}.`);

    const periodEnd = sub.current_period_end
      ? new Date(sub.current_period_end)
      : addInterval(now, currentPlan.interval);
    const currency = newPlan.currency;
    if (perDay(newPlan) <= perDay(currentPlan)) {
      const effectiveAt = periodEnd.toISOString();
      return {
        sub,
        currentPlan,
        newPlan,
        direction: 'downgrade' as const,
        amountDueNowCents: 0,
        currency,
        nextAmountCents: newPlan.price_cents,
        effectiveAt,
        newPeriodEnd: null,
        description: `Nothing to pay now. You keep ${currentPlan.name} until ${effectiveAt.slice(0, 10)}, then ${newPlan.name} renews at ${money(newPlan.price_cents, currency)} a ${newPlan.interval}.`,
      };
    }
    // Credit for the unused part of the current period, as Stripe prorates.
    const periodStart = addInterval(periodEnd, currentPlan.interval, -1);
    const total = Math.max(periodEnd.getTime() - periodStart.getTime(), DAY_MS);
    const remaining = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), total) / total;
    const credit = Math.round(currentPlan.price_cents * remaining);
    const sameInterval = newPlan.interval === currentPlan.interval;
    // Same billing interval: the new price for the rest of this period. A new interval starts a new period now.
    const amountDueNowCents = sameInterval
      ? Math.max(Math.round(newPlan.price_cents * remaining) - credit, 0)
      : Math.max(newPlan.price_cents - credit, 0);
    const newPeriodEnd = sameInterval ? periodEnd : addInterval(now, newPlan.interval);
    return {
      sub,
      currentPlan,
      newPlan,
      direction: 'upgrade' as const,
      amountDueNowCents,
      currency,
      nextAmountCents: newPlan.price_cents,
      effectiveAt: now.toISOString(),
      newPeriodEnd: newPeriodEnd.toISOString(),
      description: `You pay ${money(amountDueNowCents, currency)} now and switch to ${newPlan.name} at once; it then renews at ${money(newPlan.price_cents, currency)} a ${newPlan.interval} from ${newPeriodEnd.toISOString().slice(0, 10)}.`,
    };
  }

  async changePlan(userId: string, planId: string, idempotencyKey: string) {
    const open = await this.openSubscription(userId);
    // Choosing the current plan again while a downgrade waits: keep the current plan.
    if (open && open.plan_id === planId && open.scheduled_plan_id) {
      const plan = await this.plan(planId);
      await this.feed(
        await provider(() =>
          this.gateway.changePlan({
            providerSubscriptionId: open.provider_subscription_id,
            paymentMethodRef: open.payment_method_ref,
            plan,
            amountCents: 0,
            periodEnd: null,
            effectiveAt: open.current_period_end,
            idempotencyKey: `change-${userId}-${idempotencyKey}`,
          }),
        ),
      );
      return {
        subscription: await this.subscriptionById(open.id),
        plan,
        payment: null,
        message: `You stay on ${plan.name}.`,
      };
    }
    const preview = await this.previewPlanChange(userId, planId);
    const { sub, newPlan } = preview;
    const started = nowIso();
    try {
      await this.feed(
        await this.gateway.changePlan({
          providerSubscriptionId: sub.provider_subscription_id,
          paymentMethodRef: sub.payment_method_ref,
          plan: newPlan,
          amountCents: preview.amountDueNowCents,
          periodEnd: preview.newPeriodEnd,
          effectiveAt: preview.direction === 'downgrade' ? preview.effectiveAt : null,
          idempotencyKey: `change-${userId}-${idempotencyKey}`,
        }),
      );
    } catch (err) {
      throw gatewayError(err);
    }
    const subscription = await this.subscriptionById(sub.id);
    const payment =
      preview.direction === 'upgrade'
        ? await this.db
            .selectFrom('payments')
            .selectAll()
            .where('subscription_id', '=', sub.id)
            .where('status', '=', 'succeeded')
            .where('created_at', '>=', started)
            .orderBy('created_at', 'desc')
            .executeTakeFirst()
        : undefined;
    return {
      subscription,
      plan: await this.plan(subscription.plan_id),
      payment: payment ?? null,
      message:
        preview.direction === 'upgrade'
          ? `You're now on ${newPlan.name}.`
          : `You'll move to ${newPlan.name} on ${preview.effectiveAt.slice(0, 10)}.`,
    };
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
        await this.db
          .updateTable('subscriptions')
          .set({
            status: 'active',
            current_period_end: periodEnd,
            ...(renewed ? { plan_id: sub.scheduled_plan_id!, scheduled_plan_id: null } : {}),
            ...applied,
          })
          .where('id', '=', sub.id)
          .execute();
        await this.recordPayment(sub, obj, 'succeeded');
        if (sub.status === 'incomplete') {
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
          .set({ status: sub.status === 'active' ? 'past_due' : sub.status, ...applied })
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
        let status = mapStripeStatus(obj.status) ?? sub.status;
        // Once paid, a subscription never goes back to waiting for its first payment.
        if (status === 'incomplete' && sub.status !== 'incomplete') status = sub.status;
        const periodEnd =
          isoFromUnix(obj.current_period_end ?? obj.items?.data?.[0]?.current_period_end) ??
          sub.current_period_end;
        const plan = await this.planChangeFrom(obj.metadata, sub, created);
        await this.db
          .updateTable('subscriptions')
          .set({
            status,
            current_period_end: periodEnd,
            cancel_at_period_end: obj.cancel_at_period_end ? 1 : 0,
            canceled_at: status === 'canceled' ? (sub.canceled_at ?? now) : sub.canceled_at,
            ...plan,
            ...applied,
          })
          .where('id', '=', sub.id)
          .execute();
        return 'processed';
      }
      case 'customer.subscription.deleted': {
        await this.db
          .updateTable('subscriptions')
          .set({ status: 'canceled', canceled_at: now, cancel_at_period_end: 0, ...applied })
          .where('id', '=', sub.id)
          .execute();
        if (sub.status !== 'incomplete') {
          await this.notifier.notify(sub.user_id, {
            kind: 'billing',
            title: 'Subscription ended',
            body: 'Your premium subscription has ended. Free titles are still yours to watch.',
            link: '/subscription',
          });
        }
        return 'processed';
      }
      default:
        return 'ignored';
    }
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
  }
}
