import { callOperation, type ApiBody } from '@streamflix/shared';

/** POST /payments/checkout/confirm: finish a payment the bank wanted to authenticate. */
export const confirmCheckout = (body: ApiBody<'POST /payments/checkout/confirm'>) =>
  callOperation('POST /payments/checkout/confirm', { body });
