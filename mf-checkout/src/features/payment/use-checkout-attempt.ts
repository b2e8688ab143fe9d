import { i18n, type CheckoutResult } from '@streamflix/shared';
import { useCallback, useRef, useState } from 'react';
import { confirmCheckout } from './api/confirm-checkout';
import { createCheckout } from './api/create-checkout';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import {
  answerChallenge,
  payWithGateway,
  type AttemptOutcome,
  type CheckoutCalls,
  type PaymentGateway,
} from './payment-gateway';

export const defaultCheckoutCalls: CheckoutCalls = {
  checkout: createCheckout,
  confirm: confirmCheckout,
};

/**
 * The state of paying: one request in flight at a time, one idempotency key
 * per attempt. The key survives a network failure (the retry may be the same
 * attempt the server already took) and is renewed after any real answer.
 */
export function useCheckoutAttempt(
  planId: string,
  onPaid: (data: CheckoutResult) => void,
  calls: CheckoutCalls = defaultCheckoutCalls,
) {
  const keyRef = useRef<string>('');
  if (!keyRef.current) keyRef.current = newIdempotencyKey();
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<AttemptOutcome | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  const run = useCallback(
    async (work: () => Promise<AttemptOutcome>): Promise<AttemptOutcome | null> => {
      // A second click while the first is on its way is the same attempt: ignore it.
      if (inFlight.current) return null;
      inFlight.current = true;
      setPending(true);
      let result: AttemptOutcome;
      try {
        result = await work();
      } finally {
        inFlight.current = false;
        setPending(false);
      }
      if (result.kind !== 'network') keyRef.current = newIdempotencyKey();
      if (result.kind === 'challenge') setChallenge(result.subscriptionId);
      else if (result.kind !== 'network') setChallenge(null);
      setOutcome(result);
      if (result.kind === 'paid') onPaid(result.data);
      return result;
    },
    [onPaid],
  );

  const pay = useCallback(
    (gateway: PaymentGateway) =>
      run(() => payWithGateway(gateway, calls, { planId, idempotencyKey: keyRef.current })),
    [run, calls, planId],
  );

  const answer = useCallback(
    (approve: boolean) =>
      challenge ? run(() => answerChallenge(calls, challenge, approve)) : Promise.resolve(null),
    [run, calls, challenge],
  );

  return { pending, outcome, challenge, pay, answer };
}

/** What to tell the viewer about an attempt that did not end in a subscription. */
export function outcomeMessage(outcome: AttemptOutcome | null): string | null {
  if (!outcome || outcome.kind === 'paid' || outcome.kind === 'challenge') return null;
  if (outcome.kind === 'network')
    return i18n._({
      id: 'mf-checkout.payment.networkFailure',
      message: '{reason} Nothing you typed was lost, and you will not be charged twice.',
      values: { reason: outcome.message },
    });
  return outcome.message;
}
