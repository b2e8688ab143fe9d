import { callApi, type ApiResult } from '@streamflix/shared';
import type { CheckoutData } from '../../../lib/checkout-types';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}

export interface CheckoutRequest {
  planId: string;
  idempotencyKey: string;
  paymentMethodId?: string;
  card?: CardDetails;
}

/** POST /payments/checkout: subscribe and pay. A replayed key gets the first attempt's answer. */
export const createCheckout = (body: CheckoutRequest): Promise<ApiResult<CheckoutData>> =>
  callApi<CheckoutData>({ method: 'POST', url: '/payments/checkout', data: body });
