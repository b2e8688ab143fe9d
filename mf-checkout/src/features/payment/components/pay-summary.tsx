import { Button, type Plan } from '@streamflix/shared';
import { formatMoney, formatPlanPrice, intervalWord } from '../../../lib/format';
import styles from './payment.module.css';

/** The plan and the total, restated right beside the Pay button. */
export function PaySummary({ plan }: { plan: Plan }) {
  return (
    <dl className={styles.summary} aria-label="Order summary">
      <div>
        <dt>Plan</dt>
        <dd>
          {plan.name} · {formatPlanPrice(plan)}
        </dd>
      </div>
      <div>
        <dt>Total today</dt>
        <dd className={styles.total}>{formatMoney(plan.priceCents, plan.currency)}</dd>
      </div>
      <p className={styles.renews}>
        Renews every {intervalWord(plan.interval)} until you cancel. Cancel any time in Manage
        subscription.
      </p>
    </dl>
  );
}

export const payLabel = (plan: Plan) => `Pay ${formatMoney(plan.priceCents, plan.currency)}`;

/**
 * The end of both card forms: what will be charged, the last attempt's failure,
 * and Pay (held while a payment is on its way, or until the form is `ready`).
 */
export function PayFooter({
  plan,
  message,
  pending,
  ready = true,
}: {
  plan: Plan;
  message: string | null;
  pending: boolean;
  ready?: boolean;
}) {
  return (
    <>
      <PaySummary plan={plan} />
      {message ? (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      ) : null}
      <Button type="submit" disabled={!ready || pending} aria-disabled={!ready || pending}>
        {pending ? 'Paying…' : payLabel(plan)}
      </Button>
    </>
  );
}
