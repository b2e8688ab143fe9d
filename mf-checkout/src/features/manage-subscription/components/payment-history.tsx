import type { Payment } from '@streamflix/shared';
import { brandLabel } from '../../../lib/card-brand';
import { formatDate, formatMoney } from '../../../lib/format';
import styles from './manage.module.css';

// Each cell repeats its column's name as data-label: at 360 px a row stacks into labelled lines.
const COLUMNS = ['Date', 'Amount', 'Card', 'Outcome'] as const;

/** Every charge and refusal, newest first, with what the bank said. */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) return <p className={styles.muted}>No payments yet.</p>;
  const sorted = [...payments].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <table className={styles.history}>
      <caption className="sf-visually-hidden">Payment history</caption>
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sorted.map((p) => (
          <tr key={p.id}>
            <td data-label="Date">{formatDate(p.createdAt)}</td>
            <td data-label="Amount">{formatMoney(p.amountCents, p.currency)}</td>
            <td data-label="Card">
              {p.cardLast4 ? `${brandLabel(p.cardBrand)} •••• ${p.cardLast4}` : '—'}
            </td>
            <td data-label="Outcome">
              {p.status === 'succeeded' ? (
                <span className={styles.good}>Paid</span>
              ) : (
                <span className={styles.bad}>
                  Failed{p.failureMessage ? `: ${p.failureMessage}` : ''}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
