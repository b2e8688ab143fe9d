import type { CheckoutNextAction } from '@streamflix/shared';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { GatewayError, type PaymentGateway } from '../../payment-gateway';

/** Stripe's card field: the card number never reaches our page's code or our server. */
export function createStripeGateway(
  stripe: Pick<Stripe, 'createPaymentMethod' | 'handleNextAction'>,
  card: StripeCardElement,
  name: string,
): PaymentGateway {
  return {
    kind: 'stripe',
    async createSource() {
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: name.trim() },
      });
      if (error || !paymentMethod)
        throw new GatewayError(error?.message ?? 'Stripe could not read this card.');
      return { paymentMethodId: paymentMethod.id };
    },
    async authenticate(action: NonNullable<CheckoutNextAction>) {
      if (action.type !== 'stripe_sca')
        throw new GatewayError('This payment cannot be confirmed with Stripe. Please try again.');
      const { error } = await stripe.handleNextAction({ clientSecret: action.clientSecret });
      if (error)
        throw new GatewayError(error.message ?? 'Your bank did not authenticate this payment.');
      return 'done';
    },
  };
}
