import { useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import { Input, useI18n } from '@streamflix/shared';
import { ChallengeStep } from '../../components/challenge-step';
import { PayFooter } from '../../components/pay-summary';
import styles from '../../components/payment.module.css';
import type { CardFormProps } from '../../payment-gateway';
import { outcomeMessage, useCheckoutAttempt } from '../../use-checkout-attempt';
import {
  brandLabel,
  detectBrand,
  formatCardNumber,
  formatExpiry,
  toCardDetails,
  validateCard,
  type CardErrors,
  type CardFields,
} from './card-rules';
import { createLocalGateway } from './local-gateway';

const EMPTY: CardFields = { name: '', number: '', expiry: '', cvc: '' };
const ORDER: Array<keyof CardFields> = ['name', 'number', 'expiry', 'cvc'];

/**
 * Test mode's card form: the local gateway takes Stripe's test cards, so the
 * whole journey (declines, bank challenges) can be tried without a real card.
 */
export function LocalCardForm({ plan, onPaid, calls }: CardFormProps) {
  const i18n = useI18n();
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof CardFields, boolean>>>({});
  const refs = useRef<Partial<Record<keyof CardFields, HTMLInputElement | null>>>({});
  const attempt = useCheckoutAttempt(plan.id, onPaid, calls);

  const errors: CardErrors = validateCard(fields);
  const shown = (k: keyof CardFields) => (touched[k] ? errors[k] : undefined);
  const brand = detectBrand(fields.number);

  const change =
    (k: keyof CardFields, format?: (v: string) => string) => (e: ChangeEvent<HTMLInputElement>) => {
      const value = format ? format(e.target.value) : e.target.value;
      setFields((f) => ({ ...f, [k]: value }));
    };
  const blur = (k: keyof CardFields) => (e: FocusEvent<HTMLInputElement>) => {
    // Leaving a field for Pay: the submit shows every error at once. Showing this one
    // now would push Pay down under the pointer and swallow the click.
    if ((e.relatedTarget as HTMLButtonElement | null)?.type === 'submit') return;
    setTouched((t) => ({ ...t, [k]: true }));
  };
  /** What every card field wires the same way: focus on a failed submit, value, edits, error. */
  const field = (k: keyof CardFields, format?: (v: string) => string) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[k] = el;
    },
    value: fields[k],
    onChange: change(k, format),
    onBlur: blur(k),
    error: shown(k),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (attempt.pending) return;
    setTouched({ name: true, number: true, expiry: true, cvc: true });
    const first = ORDER.find((k) => errors[k]);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    const result = await attempt.pay(createLocalGateway(toCardDetails(fields)));
    // A declined card is tried again with the security code typed afresh, as at any till.
    if (result?.kind === 'declined') clearCvc();
  };

  const clearCvc = () => {
    setFields((f) => ({ ...f, cvc: '' }));
    setTouched((t) => ({ ...t, cvc: false }));
  };

  const onAnswer = async (approve: boolean) => {
    const result = await attempt.answer(approve);
    if (result?.kind === 'declined') clearCvc();
  };

  const message = outcomeMessage(attempt.outcome);

  if (attempt.challenge) {
    return (
      <ChallengeStep
        plan={plan}
        pending={attempt.pending}
        error={attempt.outcome?.kind === 'network' ? message : null}
        onAnswer={(approve) => void onAnswer(approve)}
      />
    );
  }

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={i18n._({ id: 'mf-checkout.card.formLabel', message: 'Card payment' })}
    >
      <p className={styles.testBadge}>
        {i18n._({
          id: 'mf-checkout.testMode.badge',
          message: 'Test mode — no real card is charged',
        })}
      </p>
      <Input
        {...field('name')}
        label={i18n._({ id: 'mf-checkout.card.name', message: 'Name on card' })}
        name="cc-name"
        autoComplete="cc-name"
      />
      <Input
        {...field('number', formatCardNumber)}
        label={i18n._({ id: 'mf-checkout.card.number', message: 'Card number' })}
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        dir="ltr"
        hint={
          brand
            ? i18n._({
                id: 'mf-checkout.card.brand',
                message: '{brand} card',
                values: { brand: brandLabel(brand) },
              })
            : i18n._({
                id: 'mf-checkout.card.testHint',
                message: 'Use {card} in test mode.',
                // Isolated left to right: in an Arabic or Hebrew sentence the four groups keep their order.
                values: { card: '\u20664242 4242 4242 4242\u2069' },
              })
        }
      />
      <div className={styles.pair}>
        <Input
          {...field('expiry', (v) =>
            // Deleting the slash deletes the digit before it, instead of the slash coming straight back.
            v.length < fields.expiry.length && fields.expiry.endsWith('/')
              ? v.replace(/\D/g, '').slice(0, 1)
              : formatExpiry(v),
          )}
          label={i18n._({ id: 'mf-checkout.card.expiry', message: 'Expiry date (MM/YY)' })}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={i18n._({ id: 'mf-checkout.card.expiryPlaceholder', message: 'MM/YY' })}
          dir="ltr"
        />
        <Input
          {...field('cvc', (v) => v.replace(/\D/g, '').slice(0, 4))}
          label={i18n._({ id: 'mf-checkout.card.cvc', message: 'Security code (CVC)' })}
          name="cc-csc"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          dir="ltr"
          hint={
            brand === 'amex'
              ? i18n._({ id: 'mf-checkout.card.cvcFront', message: '4 digits on the front' })
              : i18n._({ id: 'mf-checkout.card.cvcBack', message: '3 digits on the back' })
          }
        />
      </div>
      <PayFooter plan={plan} message={message} pending={attempt.pending} />
    </form>
  );
}
