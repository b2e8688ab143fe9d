import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, paths, type Plan } from '@streamflix/shared';
import { formatMoney, formatPlanPrice } from '../../../lib/format';
import {
  intervalsOf,
  plansFor,
  yearlySavingCents,
  type BillingInterval,
} from '../../../lib/plan-rules';
import styles from './plans.module.css';

/** The plans side by side, with a monthly/yearly switch when both exist. */
export function PlanPicker({
  plans,
  currentPlanId,
  initialInterval = 'month',
  onChoose,
}: {
  plans: Plan[];
  currentPlanId?: string | null;
  initialInterval?: BillingInterval;
  onChoose: (plan: Plan) => void;
}) {
  const intervals = intervalsOf(plans);
  const [interval, setBilling] = useState<BillingInterval>(
    intervals.includes(initialInterval) ? initialInterval : (intervals[0] ?? 'month'),
  );
  const name = useId();
  const shown = plansFor(plans, interval);

  return (
    <div className={styles.picker}>
      {intervals.length > 1 ? (
        <fieldset className={styles.switch}>
          <legend className="sf-visually-hidden">Billing period</legend>
          {intervals.map((i) => (
            <label key={i} className={styles.switchOption}>
              <input
                type="radio"
                name={name}
                value={i}
                checked={interval === i}
                onChange={() => setBilling(i)}
              />
              <span>{i === 'month' ? 'Monthly' : 'Yearly'}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <ul
        className={styles.grid}
        aria-label={interval === 'year' ? 'Yearly plans' : 'Monthly plans'}
      >
        {shown.map((plan) => {
          const current = plan.id === currentPlanId;
          const saving = yearlySavingCents(plan, plans);
          const headingId = `${name}-${plan.id}`;
          return (
            <li
              key={plan.id}
              className={`${styles.plan} ${current ? styles.current : ''}`}
              aria-labelledby={headingId}
            >
              {current ? <p className={styles.currentBadge}>Your current plan</p> : null}
              <h2 id={headingId} className={styles.planName}>
                {plan.name}
              </h2>
              <p className={styles.price}>{formatPlanPrice(plan)}</p>
              {saving > 0 ? (
                <p className={styles.saving}>Save {formatMoney(saving, plan.currency)} a year</p>
              ) : null}
              <p className={styles.description}>{plan.description}</p>
              <ul className={styles.features}>
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              {current ? (
                <Link className={styles.manageLink} to={paths.manageSubscription()}>
                  Manage subscription
                </Link>
              ) : (
                <Button
                  onClick={() => onChoose(plan)}
                  aria-label={`Choose ${plan.name}, ${formatPlanPrice(plan)}`}
                  disabled={Boolean(currentPlanId)}
                >
                  Choose {plan.name}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {currentPlanId ? (
        <p className={styles.note}>
          To switch plans, use <Link to={paths.manageSubscription()}>Manage subscription</Link>: it
          shows the price difference first.
        </p>
      ) : null}
    </div>
  );
}
