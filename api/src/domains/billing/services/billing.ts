import type { PaymentsTable, PlansTable, SubscriptionsTable } from '../../../db/schema';
import { badRequest, conflict, foundOr404, HttpError, notFound } from '../../../lib/http-errors';
import { newId, nowIso } from '../../../lib/ids';
import { BillingStore } from './billing-store';
import { isUniqueViolation } from './idempotency';
import {
  addInterval,
  DAY_MS,
  gatewayError,
  IN_FLIGHT_MS,
  money,
  OPEN,
  perDay,
  provider,
} from './billing-rules';
import { AUTHENTICATION_FAILED, type CardInput, type NextAction } from './payment-gateway';

export interface CheckoutOutcome {
  subscription: SubscriptionsTable;
  payment: PaymentsTable | null;
  plan: PlansTable;
  nextAction: NextAction | null;
}

/**
 * Subscription state lives here and changes only through handleEvent, whether
 * the event came from Stripe's webhook, Stripe's synchronous answer, or the
 * local test gateway. So test mode exercises the production code path.
 */
export class Billing extends BillingStore {
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
    // The open subscription first, entitlement second: a concurrent checkout that activated its
    // subscription before this read is then seen as entitled here, and never taken for a lapsed
    // one below (which would cancel a subscription that was just paid for, and charge again).
    const open = await this.openSubscription(userId);
    if (await this.isEntitled(userId))
      throw conflict('You already have an active subscription. Manage it from your account.');
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
    if (result.nextAction && outcome.subscription.status === 'incomplete') {
      this.paymentOutcome('requires_action');
      return { ...outcome, nextAction: result.nextAction };
    }
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
    const sub = await foundOr404(
      this.subscriptionsOf(userId).where('id', '=', subscriptionId).executeTakeFirst(),
      'That payment does not exist.',
    );
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
    const sub = await this.subscriptionsOf(userId)
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

  /**
   * The account is being deleted: every open subscription ends at the provider now, so nothing renews
   * for an account that no longer exists. A provider failure throws (502) and leaves the rest undone.
   */
  async endAllNow(userId: string): Promise<number> {
    const open = await this.subscriptionsOf(userId).where('status', 'in', OPEN).execute();
    for (const sub of open) {
      const atProvider = !sub.provider_subscription_id.startsWith('pending_');
      if (sub.status === 'incomplete') {
        if (atProvider)
          await this.feed(
            await provider(() => this.gateway.expireSubscription(sub.provider_subscription_id)),
          );
        await this.release(sub.id);
        continue;
      }
      const event = await provider(() =>
        this.gateway.cancelSubscription(sub.provider_subscription_id, false),
      );
      if (event) await this.handleEvent(event);
      await this.db
        .updateTable('subscriptions')
        .set({ status: 'canceled', canceled_at: nowIso(), updated_at: nowIso() })
        .where('id', '=', sub.id)
        .where('status', 'in', ['active', 'past_due'])
        .execute();
    }
    return open.length;
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
}
