import type { Plan } from '@streamflix/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stripe } from '@stripe/stripe-js';
import { StripeLoadError } from './load-stripe';
import { StripeCardForm } from './stripe-card-form';

// Stripe's React bindings need a live Stripe.js; the loading states are what is tested here.
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => null,
  useElements: () => null,
}));

const plan: Plan = {
  id: 'basic-monthly',
  name: 'Basic',
  description: '',
  priceCents: 799,
  currency: 'usd',
  interval: 'month',
  features: [],
  maxQuality: '720p',
  tier: 'basic',
};

it('says plainly when Stripe.js cannot be loaded, and Retry really loads it again', async () => {
  const load = jest
    .fn<Promise<Stripe>, [string]>()
    .mockRejectedValueOnce(new StripeLoadError())
    .mockResolvedValueOnce({} as Stripe);
  render(<StripeCardForm publishableKey="pk_test_1" plan={plan} onPaid={jest.fn()} load={load} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading the secure payment form');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The secure payment form could not be loaded.');
  expect(screen.queryByTestId('card-element')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('card-element')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  expect(load).toHaveBeenCalledWith('pk_test_1');
  expect(screen.getByRole('button', { name: 'Pay $7.99' })).toBeDisabled(); // until Stripe is ready
});
