import { useI18n, type Payment } from '@streamflix/shared';
import { brandLabel } from '../../../lib/card-brand';
import { formatDate, formatMoney } from '../../../lib/format';
import styles from './manage.module.css';

/** Every charge and refusal, newest first, with what the bank said. */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  const i18n = useI18n();
  if (payments.length === 0)
    return (
      <p className={styles.muted}>
        {i18n._({ id: 'mf-checkout.history.empty', message: 'No payments yet.' })}
      </p>
    );
  // Each cell repeats its column's name as data-label: at 360 px a row stacks into labelled lines.
  const columns = {
    date: i18n._({ id: 'mf-checkout.history.date', message: 'Date' }),
    amount: i18n._({ id: 'mf-checkout.history.amount', message: 'Amount' }),
    card: i18n._({ id: 'mf-checkout.history.card', message: 'Card' }),
    outcome: i18n._({ id: 'mf-checkout.history.outcome', message: 'Outcome' }),
  };
  const sorted = [...payments].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <table className={styles.history}>
      <caption className="sf-visually-hidden">
        {i18n._({ id: 'mf-checkout.history.title', message: 'Payment history' })}
      </caption>
      <thead>
        <tr>
          {Object.entries(columns).map(([key, label]) => (
            <th key={key} scope="col">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sorted.map((p) => (
          <tr key={p.id}>
            <td data-label={columns.date}>{formatDate(p.createdAt)}</td>
            <td data-label={columns.amount}>{formatMoney(p.amountCents, p.currency)}</td>
            <td data-label={columns.card}>
              {p.cardLast4 ? `${brandLabel(p.cardBrand)} •••• ${p.cardLast4}` : '—'}
            </td>
            <td data-label={columns.outcome}>
              {p.status === 'succeeded' ? (
                <span className={styles.good}>
                  {i18n._({ id: 'mf-checkout.history.paid', message: 'Paid' })}
                </span>
              ) : (
                <span className={styles.bad}>
                  {p.failureMessage
                    ? i18n._({
                        id: 'mf-checkout.history.failedWhy',
                        message: 'Failed: {reason}',
                        values: { reason: p.failureMessage },
                      })
                    : i18n._({ id: 'mf-checkout.history.failed', message: 'Failed' })}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
