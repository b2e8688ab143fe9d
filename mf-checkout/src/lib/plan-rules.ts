import type { Plan } from '@streamflix/shared';

export type BillingInterval = 'month' | 'year';

export const tierOf = (plan: Plan): Plan['tier'] => plan.tier;

export const intervalsOf = (plans: Plan[]): BillingInterval[] =>
  (['month', 'year'] as const).filter((i) => plans.some((p) => p.interval === i));

export const plansFor = (plans: Plan[], interval: BillingInterval) =>
  plans.filter((p) => p.interval === interval);

/** What a plan costs per month, to compare monthly and yearly plans fairly. */
export const monthlyCents = (plan: Plan) =>
  plan.interval === 'year' ? plan.priceCents / 12 : plan.priceCents;

/**
 * The plan to offer first on a paywall: every plan unlocks premium titles, so
 * the cheapest monthly one (the smallest commitment), else the cheapest at all.
 */
export function cheapestPlan(plans: Plan[]): Plan | null {
  const monthly = plansFor(plans, 'month');
  const pool = monthly.length ? monthly : plans;
  return pool.reduce<Plan | null>(
    (best, p) => (best === null || p.priceCents < best.priceCents ? p : best),
    null,
  );
}

/** How much a yearly plan saves against twelve months of the same tier's monthly plan. */
export function yearlySavingCents(plan: Plan, plans: Plan[]): number {
  if (plan.interval !== 'year') return 0;
  const monthly = plans.find((p) => p.interval === 'month' && tierOf(p) === tierOf(plan));
  if (!monthly || monthly.currency !== plan.currency) return 0;
  return Math.max(0, monthly.priceCents * 12 - plan.priceCents);
}
