import type { Plan } from '@streamflix/shared';
import { cheapestPlan, intervalsOf, plansFor, yearlySavingCents } from './plan-rules';

const plan = (
  id: string,
  tier: 'basic' | 'premium',
  interval: 'month' | 'year',
  priceCents: number,
) =>
  ({
    id,
    name: id,
    description: '',
    priceCents,
    currency: 'usd',
    interval,
    features: [],
    maxQuality: '720p',
    tier,
  }) satisfies Plan;

const plans = [
  plan('premium-monthly', 'premium', 'month', 1299),
  plan('basic-yearly', 'basic', 'year', 7990),
  plan('basic-monthly', 'basic', 'month', 799),
  plan('premium-yearly', 'premium', 'year', 12990),
];

it('offers the switch only for the intervals the plans have', () => {
  expect(intervalsOf(plans)).toEqual(['month', 'year']);
  expect(intervalsOf(plansFor(plans, 'month'))).toEqual(['month']);
  expect(plansFor(plans, 'year').map((p) => p.id)).toEqual(['basic-yearly', 'premium-yearly']);
});

it('offers the cheapest monthly plan on a paywall (the smallest commitment)', () => {
  expect(cheapestPlan(plans)?.id).toBe('basic-monthly');
  expect(cheapestPlan(plansFor(plans, 'year'))?.id).toBe('basic-yearly');
  expect(cheapestPlan([])).toBeNull();
});

it("states what a yearly plan saves against the same tier's monthly one", () => {
  expect(yearlySavingCents(plans[1]!, plans)).toBe(799 * 12 - 7990);
  expect(yearlySavingCents(plans[0]!, plans)).toBe(0);
  expect(yearlySavingCents(plans[3]!, [plans[3]!])).toBe(0);
});
