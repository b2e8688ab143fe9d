import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { ErrorState, Input, useI18n } from '@streamflix/shared';
import { PayFooter } from '../../components/pay-summary';
import styles from '../../components/payment.module.css';
import type { CardFormProps } from '../../payment-gateway';
import { outcomeMessage, useCheckoutAttempt } from '../../use-checkout-attempt';
import { loadStripeClient } from './load-stripe';
import { createStripeGateway } from './stripe-gateway';

type Loaded = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

/**
 * Stripe configured: Stripe.js is fetched when this form opens (never with the
 * rest of the product), and a failed fetch is said plainly with Retry.
 */
export function StripeCardForm({
  publishableKey,
  plan,
  onPaid,
  calls,
  load = loadStripeClient,
}: CardFormProps & {
  publishableKey: string;
  load?: (key: string) => Promise<Stripe>;
}) {
  const i18n = useI18n();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attemptNo, setAttemptNo] = useState(0);

  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    load(publishableKey).then(
      (stripe) => live && setLoaded({ state: 'ready', stripe }),
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, load, attemptNo]);

  if (loaded.state === 'loading')
    return (
      <p className={styles.status} role="status">
        {i18n._({
          id: 'mf-checkout.payment.loadingForm',
          message: 'Loading the secure payment form…',
        })}
      </p>
    );
  if (loaded.state === 'failed')
    return (
      <ErrorState
        title={i18n._({
          id: 'mf-checkout.stripe.failedTitle',
          message: 'The secure payment form could not be loaded.',
        })}
        message={i18n._({
          id: 'mf-checkout.stripe.failedBody',
          message:
            'Stripe, our card processor, could not be reached. Check your connection or any content blocker, then try again. You have not been charged.',
        })}
        onRetry={() => setAttemptNo((n) => n + 1)}
      />
    );
  return (
    <Elements stripe={loaded.stripe}>
      <StripeFields plan={plan} onPaid={onPaid} calls={calls} />
    </Elements>
  );
}

function StripeFields({ plan, onPaid, calls }: CardFormProps) {
  const i18n = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [cardError, setCardError] = useState<string | undefined>();
  const attempt = useCheckoutAttempt(plan.id, onPaid, calls);

  const onSubmit = useCallback(
    async (e: FormEvent) => {
      e.preventDefault();
      if (!stripe || !elements || attempt.pending) return;
      const card = elements.getElement(CardElement);
      if (!name.trim()) {
        setNameError(
          i18n._({
            id: 'mf-checkout.card.enterName',
            message: 'Enter the name on the card.',
          }),
        );
        return;
      }
      if (!card) return;
      const result = await attempt.pay(createStripeGateway(stripe, card, name));
      if (result?.kind === 'declined') card.clear();
    },
    [stripe, elements, name, attempt],
  );

  const message = outcomeMessage(attempt.outcome);
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={i18n._({ id: 'mf-checkout.card.formLabel', message: 'Card payment' })}
    >
      <Input
        label={i18n._({ id: 'mf-checkout.card.name', message: 'Name on card' })}
        autoComplete="cc-name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setNameError(undefined);
        }}
        error={nameError}
      />
      <div className={styles.stripeField}>
        <span className={styles.label} id="stripe-card-label">
          {i18n._({ id: 'mf-checkout.stripe.cardDetails', message: 'Card details' })}
        </span>
        <div className={styles.stripeBox} aria-labelledby="stripe-card-label">
          <CardElement
            options={{
              style: { base: { color: '#f1f2f6', fontSize: '16px', iconColor: '#a4a9bb' } },
            }}
            onChange={(ev) => setCardError(ev.error?.message)}
          />
        </div>
        {cardError ? (
          <span className={styles.fieldError} role="alert">
            {cardError}
          </span>
        ) : null}
      </div>
      <PayFooter plan={plan} message={message} pending={attempt.pending} ready={!!stripe} />
    </form>
  );
}
