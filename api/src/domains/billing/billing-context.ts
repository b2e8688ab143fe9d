import type { AppContext } from '../../lib/app-context';
import type { Billing } from './services/billing';

/** What the billing routes use: the infrastructure and this domain's Billing. */
export interface BillingContext extends AppContext {
  billing: Billing;
}
