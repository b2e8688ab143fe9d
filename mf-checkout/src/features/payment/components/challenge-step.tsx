import { useEffect, useRef } from 'react';
import { Trans } from '@lingui/react';
import { Button, useI18n, type Plan } from '@streamflix/shared';
import { formatMoney } from '../../../lib/format';
import styles from './payment.module.css';

/**
 * Test mode's stand-in for the bank's 3-D Secure page: the viewer approves or
 * fails the authentication, and only an approval activates the subscription.
 */
export function ChallengeStep({
  plan,
  pending,
  error,
  onAnswer,
}: {
  plan: Plan;
  pending: boolean;
  error: string | null;
  onAnswer: (approve: boolean) => void;
}) {
  const i18n = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.challenge} aria-labelledby="challenge-title">
      <p className={styles.testBadge}>
        {i18n._({ id: 'mf-checkout.challenge.badge', message: 'Test mode — simulated bank' })}
      </p>
      <h2 id="challenge-title" ref={heading} tabIndex={-1}>
        {i18n._({
          id: 'mf-checkout.challenge.title',
          message: 'Confirm this payment with your bank',
        })}
      </h2>
      <p>
        <Trans
          id="mf-checkout.challenge.body"
          message="Your bank asks you to authenticate a payment of <0>{amount}</0> to Streamflix for {plan}. In test mode you decide the bank's answer."
          values={{ amount: formatMoney(plan.priceCents, plan.currency), plan: plan.name }}
          components={{ 0: <strong /> }}
        />
      </p>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => onAnswer(true)} disabled={pending}>
          {pending
            ? i18n._({ id: 'mf-checkout.challenge.checking', message: 'Checking…' })
            : i18n._({ id: 'mf-checkout.challenge.approve', message: 'Approve payment' })}
        </Button>
        <Button variant="secondary" onClick={() => onAnswer(false)} disabled={pending}>
          {i18n._({ id: 'mf-checkout.challenge.fail', message: 'Fail authentication' })}
        </Button>
      </div>
    </section>
  );
}
