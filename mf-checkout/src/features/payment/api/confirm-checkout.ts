import { callApi, type ApiResult } from '@streamflix/shared';
import type { CheckoutData } from '../../../lib/checkout-types';

/** POST /payments/checkout/confirm: finish a payment the bank wanted to authenticate. */
export const confirmCheckout = (body: {
  subscriptionId: string;
  approve?: boolean;
}): Promise<ApiResult<CheckoutData>> =>
  callApi<CheckoutData>({ method: 'POST', url: '/payments/checkout/confirm', data: body });
