import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders, type ApiResult, type CheckoutResult, type Plan } from '@streamflix/shared';
import type { CheckoutCalls } from '../../payment-gateway';
import { LocalCardForm } from './local-card-form';

const plan: Plan = {
  id: 'premium-monthly',
  name: 'Premium',
  description: '',
  priceCents: 1599,
  currency: 'usd',
  interval: 'month',
  features: [],
  maxQuality: '4K',
  tier: 'premium',
};
const paid = (nextAction: CheckoutResult['nextAction'] = null): ApiResult<CheckoutResult> => ({
  status: true,
  message: '',
  data: {
    subscription: {
      id: 'sub_9',
      planId: plan.id,
      planName: plan.name,
      status: nextAction ? 'incomplete' : 'active',
      provider: 'local',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      createdAt: '2026-11-23T00:00:00Z',
    },
    payment: null,
    plan,
    nextAction,
  },
});

function setup(checkout: CheckoutCalls['checkout'], confirm?: CheckoutCalls['confirm']) {
  const calls = { checkout: jest.fn(checkout), confirm: jest.fn(confirm ?? (async () => paid())) };
  const onPaid = jest.fn();
  render(<LocalCardForm plan={plan} onPaid={onPaid} calls={calls} />, { wrapper: AppProviders });
  return { calls, onPaid };
}

async function fillCard(number = '4242424242424242') {
  await userEvent.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry date (MM/YY)'), '1230');
  await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
}
const payButton = () => screen.getByRole('button', { name: /pay \$15\.99/i });

it('is labelled as test mode and restates the plan and total beside Pay', () => {
  setup(async () => paid());
  expect(screen.getByText('Test mode — no real card is charged')).toBeInTheDocument();
  const summary = screen.getByLabelText('Order summary');
  expect(summary).toHaveTextContent('Premium · $15.99 / month');
  expect(summary).toHaveTextContent('Total today$15.99');
  expect(payButton()).toBeEnabled();
});

it('groups the number, detects the brand and formats the expiry while typing', async () => {
  setup(async () => paid());
  await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
  expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  expect(screen.getByText('Visa card')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Expiry date (MM/YY)'), '0430');
  expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveValue('04/30');
});

it('shows errors tied to their fields and moves focus to the first, without calling the API', async () => {
  const { calls } = setup(async () => paid());
  await userEvent.type(screen.getByLabelText('Card number'), '4242424242424241');
  await userEvent.click(payButton());
  const name = screen.getByLabelText('Name on card');
  expect(name).toHaveFocus();
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Enter the name on the card.');
  expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(
    expect.stringContaining('not valid'),
  );
  expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(4);
  expect(calls.checkout).not.toHaveBeenCalled();
});

it('pays once with the card and an idempotency key, and reports success', async () => {
  const { calls, onPaid } = setup(async () => paid());
  await fillCard();
  await userEvent.click(payButton());
  await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  expect(calls.checkout).toHaveBeenCalledWith({
    planId: 'premium-monthly',
    idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    card: {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      name: 'Ada Lovelace',
    },
  });
});

it('sends one request for a double click and disables Pay while it is in flight', async () => {
  let release!: (r: ApiResult<CheckoutResult>) => void;
  const { calls } = setup(() => new Promise((resolve) => (release = resolve)));
  await fillCard();
  await userEvent.dblClick(payButton());
  expect(screen.getByRole('button', { name: 'Paying…' })).toBeDisabled();
  expect(calls.checkout).toHaveBeenCalledTimes(1);
  release(paid());
  await waitFor(() => expect(calls.checkout).toHaveBeenCalledTimes(1));
});

it("on a decline shows the bank's reason and keeps everything but the security code", async () => {
  const { calls } = setup(async () => ({
    status: false,
    httpStatus: 402,
    message: 'Your card was declined.',
  }));
  await fillCard('4000000000000002');
  await userEvent.click(payButton());
  expect(await screen.findByText('Your card was declined.')).toHaveAttribute('role', 'alert');
  expect(screen.getByLabelText('Name on card')).toHaveValue('Ada Lovelace');
  expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
  expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveValue('12/30');
  expect(screen.getByLabelText('Security code (CVC)')).toHaveValue('');
  // The next attempt is a new one: a new key, or the server would replay the decline.
  await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
  await userEvent.click(payButton());
  await waitFor(() => expect(calls.checkout).toHaveBeenCalledTimes(2));
  const [first, second] = calls.checkout.mock.calls.map((c) => c[0].idempotencyKey);
  expect(second).not.toBe(first);
});

it('on a network failure says so, loses nothing and retries with the same key', async () => {
  const results: ApiResult<CheckoutResult>[] = [{ status: false, network: true }, paid()];
  const { calls, onPaid } = setup(async () => results.shift()!);
  await fillCard();
  await userEvent.click(payButton());
  expect(await screen.findByText(/offline.*nothing you typed was lost/i)).toBeInTheDocument();
  expect(screen.getByLabelText('Security code (CVC)')).toHaveValue('123');
  await userEvent.click(payButton());
  await waitFor(() => expect(onPaid).toHaveBeenCalled());
  const [first, second] = calls.checkout.mock.calls.map((c) => c[0].idempotencyKey);
  expect(second).toBe(first);
});

it('asks for the bank challenge and pays only once it is approved', async () => {
  const { calls, onPaid } = setup(async () =>
    paid({ type: 'local_challenge', challengeId: 'ch_1' }),
  );
  await fillCard('4000002500003155');
  await userEvent.click(payButton());
  expect(
    await screen.findByRole('heading', { name: 'Confirm this payment with your bank' }),
  ).toHaveFocus();
  expect(onPaid).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Approve payment' }));
  await waitFor(() => expect(onPaid).toHaveBeenCalled());
  expect(calls.confirm).toHaveBeenCalledWith({ subscriptionId: 'sub_9', approve: true });
});

it('a failed challenge returns to the form with the reason', async () => {
  setup(
    async () => paid({ type: 'local_challenge', challengeId: 'ch_1' }),
    async () => ({
      status: false,
      httpStatus: 402,
      message: 'Your bank did not authenticate this payment.',
    }),
  );
  await fillCard('4000002500003155');
  await userEvent.click(payButton());
  await userEvent.click(await screen.findByRole('button', { name: 'Fail authentication' }));
  expect(
    await screen.findByText('Your bank did not authenticate this payment.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Card number')).toHaveValue('4000 0025 0000 3155');
});
