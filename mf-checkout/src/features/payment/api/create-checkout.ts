import { callOperation, type ApiBody } from '@streamflix/shared';

export type CheckoutRequest = ApiBody<'POST /payments/checkout'>;
/** A card typed into the local test gateway's form. */
export type CardDetails = NonNullable<CheckoutRequest['card']>;

/** POST /payments/checkout: subscribe and pay. A replayed key gets the first attempt's answer. */
export const createCheckout = (body: CheckoutRequest) =>
  callOperation('POST /payments/checkout', { body });
