import { useEffect, useRef } from 'react';
import { Button, type Plan } from '@streamflix/shared';
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.challenge} aria-labelledby="challenge-title">
      <p className={styles.testBadge}>Test mode — simulated bank</p>
      <h2 id="challenge-title" ref={heading} tabIndex={-1}>
        Confirm this payment with your bank
      </h2>
      <p>
        Your bank asks you to authenticate a payment of{' '}
        <strong>{formatMoney(plan.priceCents, plan.currency)}</strong> to Streamflix for {plan.name}
        . In test mode you decide the bank&apos;s answer.
      </p>
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => onAnswer(true)} disabled={pending}>
          {pending ? 'Checking…' : 'Approve payment'}
        </Button>
        <Button variant="secondary" onClick={() => onAnswer(false)} disabled={pending}>
          Fail authentication
        </Button>
      </div>
    </section>
  );
}
