import type { AppContext } from '../../lib/app-context';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Billing } from './services/billing';

/** The billing domain's limits per account, counted before the provider is called (shared store). */
export interface BillingLimits {
  /** Card attempts: checkouts and their bank confirmations. */
  cards: RateLimiter;
  /** Plan changes (an upgrade charges the card on file). */
  planChanges: RateLimiter;
}

/** What the billing routes use: the infrastructure, this domain's Billing and its limits. */
export interface BillingContext extends AppContext {
  billing: Billing;
  limits: BillingLimits;
  /**
   * Runs one account's money-moving call at a time, on every instance (an advisory lock on
   * PostgreSQL): two plan changes sent at once are two changes in a row, never two charges for one.
   */
  serialised: <T>(userId: string, work: () => Promise<T>) => Promise<T>;
}
