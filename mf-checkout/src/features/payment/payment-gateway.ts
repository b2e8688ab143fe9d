import {
  failureMessage,
  i18n,
  isSuccess,
  type ApiResult,
  type CheckoutNextAction,
  type CheckoutResult,
  type Plan,
} from '@streamflix/shared';
import type { CardDetails } from './api/create-checkout';

/** What POST /payments/checkout carries for the card: our test card, or Stripe's PaymentMethod id. */
export type PaymentSource = { card: CardDetails } | { paymentMethodId: string };

/** Read when the outcome is made, in the language then active. */
const notAuthenticated = () =>
  i18n._({
    id: 'mf-checkout.payment.notAuthenticated',
    message: 'Your bank did not authenticate this payment.',
  });

/** A step of the gateway that failed before our server was asked (Stripe.js said no). */
export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * One payment form, two gateways: Stripe (card data goes only to Stripe) and
 * the local test gateway (the API's offline stand-in for Stripe).
 */
export interface PaymentGateway {
  readonly kind: 'local' | 'stripe';
  /** Turn what the viewer entered into a payment source. Throws GatewayError with a viewer-readable reason. */
  createSource(): Promise<PaymentSource>;
  /**
   * Authenticate a payment the bank challenged. 'challenge' means the viewer
   * must approve it on our own challenge step (test mode); otherwise the
   * gateway handled it (Stripe's 3-D Secure) and the server is asked to confirm.
   */
  authenticate(action: NonNullable<CheckoutNextAction>): Promise<'challenge' | 'done'>;
}

export interface CheckoutCalls {
  checkout: (
    body: PaymentSource & { planId: string; idempotencyKey: string },
  ) => Promise<ApiResult<CheckoutResult>>;
  confirm: (body: {
    subscriptionId: string;
    approve?: boolean;
  }) => Promise<ApiResult<CheckoutResult>>;
}

/** What the payment screen hands either card form. */
export interface CardFormProps {
  plan: Plan;
  onPaid: (data: CheckoutResult) => void;
  calls?: CheckoutCalls;
}

export type AttemptOutcome =
  | { kind: 'paid'; data: CheckoutResult }
  /** Test mode: the viewer must approve or fail the bank's challenge. */
  | { kind: 'challenge'; subscriptionId: string; data: CheckoutResult }
  /** The card or the bank said no (402) or the request was refused: a new attempt needs a new key. */
  | { kind: 'declined'; message: string }
  | { kind: 'refused'; message: string; httpStatus?: number }
  /** Our server could not be reached: nothing is known, so the same key is kept for the retry. */
  | { kind: 'network'; message: string }
  | { kind: 'gateway'; message: string };

function fromFailure(r: Exclude<ApiResult<CheckoutResult>, { status: true }>): AttemptOutcome {
  if (r.network) return { kind: 'network', message: failureMessage(r) };
  if (r.httpStatus === 402) return { kind: 'declined', message: failureMessage(r) };
  return { kind: 'refused', message: failureMessage(r), httpStatus: r.httpStatus };
}

/** Decide what a confirmed or fresh checkout answer means for the viewer. */
async function settle(
  gateway: PaymentGateway,
  calls: CheckoutCalls,
  r: ApiResult<CheckoutResult>,
): Promise<AttemptOutcome> {
  if (!isSuccess(r)) return fromFailure(r);
  const action = r.data.nextAction ?? null;
  if (!action) return { kind: 'paid', data: r.data };
  let step: 'challenge' | 'done';
  try {
    step = await gateway.authenticate(action);
  } catch (err) {
    return { kind: 'gateway', message: err instanceof Error ? err.message : String(err) };
  }
  if (step === 'challenge')
    return { kind: 'challenge', subscriptionId: r.data.subscription.id, data: r.data };
  const confirmed = await calls.confirm({ subscriptionId: r.data.subscription.id });
  if (isSuccess(confirmed) && confirmed.data.nextAction)
    return { kind: 'declined', message: notAuthenticated() };
  return isSuccess(confirmed) ? { kind: 'paid', data: confirmed.data } : fromFailure(confirmed);
}

/** One payment attempt through any gateway: source, checkout, then the bank's next action if any. */
export async function payWithGateway(
  gateway: PaymentGateway,
  calls: CheckoutCalls,
  attempt: { planId: string; idempotencyKey: string },
): Promise<AttemptOutcome> {
  let source: PaymentSource;
  try {
    source = await gateway.createSource();
  } catch (err) {
    return { kind: 'gateway', message: err instanceof Error ? err.message : String(err) };
  }
  const r = await calls.checkout({ ...source, ...attempt });
  return settle(gateway, calls, r);
}

/** The viewer's answer on the test-mode challenge step. */
export async function answerChallenge(
  calls: CheckoutCalls,
  subscriptionId: string,
  approve: boolean,
): Promise<AttemptOutcome> {
  const r = await calls.confirm({ subscriptionId, approve });
  if (!isSuccess(r)) return fromFailure(r);
  if (r.data.nextAction) return { kind: 'declined', message: notAuthenticated() };
  return { kind: 'paid', data: r.data };
}
