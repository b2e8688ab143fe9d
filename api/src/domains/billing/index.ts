/**
 * The billing domain's entry: plans, checkout, gateways, webhook events and idempotency.
 * Another domain imports from this file only (a lint zone in eslint.config.mjs keeps it so);
 * what is not exported here is this domain's own.
 */
export { type Billing } from './services/billing';
export { anonymiseBillingRecords } from './services/billing-erasure';
export { type PaymentOutcome } from './services/billing-events';
