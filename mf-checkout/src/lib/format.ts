import type { Plan } from '@streamflix/shared';

/** "$9.99", "€79.90": the currency's own symbol and minor units. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    // An unknown currency code still shows an amount rather than breaking the screen.
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export const intervalWord = (interval: Plan['interval']) =>
  interval === 'year' ? 'year' : 'month';

/** "$9.99 / month" */
export const formatPlanPrice = (plan: Pick<Plan, 'priceCents' | 'currency' | 'interval'>) =>
  `${formatMoney(plan.priceCents, plan.currency)} / ${intervalWord(plan.interval)}`;

/** "12 March 2027" (a date the viewer reads, not a timestamp). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
