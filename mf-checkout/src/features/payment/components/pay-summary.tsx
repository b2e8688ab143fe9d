import { Button, i18n as sharedI18n, useI18n, type Plan } from '@streamflix/shared';
import { formatMoney, formatPlanPrice } from '../../../lib/format';
import styles from './payment.module.css';

/** The plan and the total, restated right beside the Pay button. */
export function PaySummary({ plan }: { plan: Plan }) {
  const i18n = useI18n();
  return (
    <dl
      className={styles.summary}
      aria-label={i18n._({ id: 'mf-checkout.summary.label', message: 'Order summary' })}
    >
      <div>
        <dt>{i18n._({ id: 'mf-checkout.summary.plan', message: 'Plan' })}</dt>
        <dd>
          {i18n._({
            id: 'mf-checkout.summary.planLine',
            message: '{plan} · {price}',
            values: { plan: plan.name, price: formatPlanPrice(plan) },
          })}
        </dd>
      </div>
      <div>
        <dt>{i18n._({ id: 'mf-checkout.summary.total', message: 'Total today' })}</dt>
        <dd className={styles.total}>{formatMoney(plan.priceCents, plan.currency)}</dd>
      </div>
      <p className={styles.renews}>
        {i18n._({
          id: 'mf-checkout.summary.renews',
          message:
            '{interval, select, year {Renews every year until you cancel.} other {Renews every month until you cancel.}} Cancel any time in Manage subscription.',
          values: { interval: plan.interval },
        })}
      </p>
    </dl>
  );
}

/** "Pay $9.99", in the active language (read when shown). */
export const payLabel = (plan: Plan) => {
  const i18n = sharedI18n;
  return i18n._({
    id: 'mf-checkout.pay.button',
    message: 'Pay {amount}',
    values: { amount: formatMoney(plan.priceCents, plan.currency) },
  });
};

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
  const i18n = useI18n();
  return (
    <>
      <PaySummary plan={plan} />
      {message ? (
        <p className={styles.formError} role="alert">
          {message}
        </p>
      ) : null}
      <Button type="submit" disabled={!ready || pending} aria-disabled={!ready || pending}>
        {pending ? i18n._({ id: 'mf-checkout.pay.paying', message: 'Paying…' }) : payLabel(plan)}
      </Button>
    </>
  );
}
