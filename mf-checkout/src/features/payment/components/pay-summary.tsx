import type { Plan } from '@streamflix/shared';
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
