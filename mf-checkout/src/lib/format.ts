import { formatDate as sharedFormatDate, formatPrice, i18n, type Plan } from '@streamflix/shared';

/**
 * mf-checkout's formats, over the shared formatting module (docs/i18n.md): prices in the plan's
 * currency and dates in the active UI language. Called at render, so they follow a language switch.
 */

/** "$9.99", "9,99 €": the currency's own symbol and minor units, in the active language. */
export const formatMoney = (cents: number, currency: string): string =>
  formatPrice(cents, currency);

/** "$9.99 / month", "9,99 US$/mes" */
export const formatPlanPrice = (plan: Pick<Plan, 'priceCents' | 'currency' | 'interval'>) =>
  i18n._({
    id: 'mf-checkout.price.perInterval',
    message: '{interval, select, year {{price} / year} other {{price} / month}}',
    values: { interval: plan.interval, price: formatMoney(plan.priceCents, plan.currency) },
  });

/** "January 3, 2027" in English, "3 de enero de 2027" in Spanish (a date the viewer reads). */
export function formatDate(iso: string | null | undefined): string {
  return sharedFormatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });
}
