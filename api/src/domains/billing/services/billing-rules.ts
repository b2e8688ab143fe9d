// Billing's constants and pure rules, shared by the subscription commands and the state store.
import { HttpError } from '../../../lib/http-errors';
import type { PlansTable } from '../../../db/schema';
import { CardError } from './payment-gateway';

export const ENTITLED = ['active'] as const;
export const OPEN = ['incomplete', 'active', 'past_due'] as const;
export const DAY_MS = 86_400_000;

/** How long a checkout may talk to the provider; a reservation older than this was abandoned. */
export const IN_FLIGHT_MS = 2 * 60_000;

/**
 * A decline is the viewer's to fix (402). Anything else the provider says (its own 4xx
 * included) is our problem, not a statement about the request: 502, and the attempt may be retried.
 */
export function gatewayError(err: unknown): HttpError {
  if (err instanceof CardError) return new HttpError(402, err.message, { card: err.code });
  if (err instanceof HttpError) return err;
  const wrapped = new HttpError(
    502,
    'The payment provider did not answer as expected. Nothing has changed; try again in a moment.',
  );
  wrapped.cause = err;
  return wrapped;
}

export async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw gatewayError(err);
  }
}

/** Price per day, so monthly and yearly plans compare: more per day is an upgrade. */
export const perDay = (plan: PlansTable) =>
  plan.price_cents / (plan.interval === 'year' ? 365 : 365 / 12);

export function addInterval(from: Date, interval: 'month' | 'year', sign = 1): Date {
  const d = new Date(from);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + sign);
  else d.setUTCMonth(d.getUTCMonth() + sign);
  return d;
}

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
