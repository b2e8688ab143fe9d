import type { CheckoutNextAction } from '@streamflix/shared';
import type { CardDetails } from '../../api/create-checkout';
import { GatewayError, type PaymentGateway } from '../../payment-gateway';

/**
 * The local test gateway: the card (a Stripe test number) goes to our API,
 * which plays Stripe's part offline. Its bank challenge is our own approve/fail
 * step, shown by the form.
 */
export function createLocalGateway(card: CardDetails): PaymentGateway {
  return {
    kind: 'local',
    createSource: () => Promise.resolve({ card }),
    authenticate(action: NonNullable<CheckoutNextAction>) {
      if (action.type === 'local_challenge') return Promise.resolve('challenge');
      // A Stripe challenge cannot be answered without Stripe.js: the environment is misconfigured.
      return Promise.reject(
        new GatewayError('This payment needs Stripe to confirm it, but Stripe is not set up here.'),
      );
    },
  };
}
