import type { Stripe } from '@stripe/stripe-js';

/** A blocked or black-holed js.stripe.com must end in an error the viewer can retry, not a spinner. */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

export class StripeLoadError extends Error {
  constructor(cause?: unknown) {
    super('The secure payment form could not be loaded.', { cause });
    this.name = 'StripeLoadError';
  }
}

/**
 * Fetch Stripe.js (only when the payment screen asks) and create the client.
 * The `pure` entry does not inject the script on import; Stripe's loader
 * forgets a failed load, so calling this again really retries.
 */
export async function loadStripeClient(
  publishableKey: string,
  timeoutMs = STRIPE_LOAD_TIMEOUT_MS,
  load: (key: string) => Promise<Stripe | null> = async (key) =>
    (await import('@stripe/stripe-js/pure')).loadStripe(key),
): Promise<Stripe> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StripeLoadError('timeout')), timeoutMs);
  });
  try {
    const stripe = await Promise.race([load(publishableKey), timeout]);
    if (!stripe) throw new StripeLoadError('Stripe.js returned nothing');
    return stripe;
  } catch (err) {
    throw err instanceof StripeLoadError ? err : new StripeLoadError(err);
  } finally {
    clearTimeout(timer);
  }
}
