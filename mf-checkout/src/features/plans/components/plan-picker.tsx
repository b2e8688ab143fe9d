import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react';
import { Button, paths, useI18n, type Plan } from '@streamflix/shared';
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
  const i18n = useI18n();
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
          <legend className="sf-visually-hidden">
            {i18n._({ id: 'mf-checkout.plans.billingPeriod', message: 'Billing period' })}
          </legend>
          {intervals.map((i) => (
            <label key={i} className={styles.switchOption}>
              <input
                type="radio"
                name={name}
                value={i}
                checked={interval === i}
                onChange={() => setBilling(i)}
              />
              <span>
                {i === 'month'
                  ? i18n._({ id: 'mf-checkout.plans.monthly', message: 'Monthly' })
                  : i18n._({ id: 'mf-checkout.plans.yearly', message: 'Yearly' })}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <ul
        className={styles.grid}
        aria-label={
          interval === 'year'
            ? i18n._({ id: 'mf-checkout.plans.yearlyPlans', message: 'Yearly plans' })
            : i18n._({ id: 'mf-checkout.plans.monthlyPlans', message: 'Monthly plans' })
        }
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
              {current ? (
                <p className={styles.currentBadge}>
                  {i18n._({ id: 'mf-checkout.plans.currentPlan', message: 'Your current plan' })}
                </p>
              ) : null}
              <h2 id={headingId} className={styles.planName}>
                {plan.name}
              </h2>
              <p className={styles.price}>{formatPlanPrice(plan)}</p>
              {saving > 0 ? (
                <p className={styles.saving}>
                  {i18n._({
                    id: 'mf-checkout.plans.saving',
                    message: 'Save {amount} a year',
                    values: { amount: formatMoney(saving, plan.currency) },
                  })}
                </p>
              ) : null}
              <p className={styles.description}>{plan.description}</p>
              <ul className={styles.features}>
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              {current ? (
                <Link className={styles.manageLink} to={paths.manageSubscription()}>
                  {i18n._({ id: 'mf-checkout.plans.manage', message: 'Manage subscription' })}
                </Link>
              ) : (
                <Button
                  onClick={() => onChoose(plan)}
                  aria-label={i18n._({
                    id: 'mf-checkout.plans.chooseLabel',
                    message: 'Choose {plan}, {price}',
                    values: { plan: plan.name, price: formatPlanPrice(plan) },
                  })}
                  disabled={Boolean(currentPlanId)}
                >
                  {i18n._({
                    id: 'mf-checkout.plans.choose',
                    message: 'Choose {plan}',
                    values: { plan: plan.name },
                  })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {currentPlanId ? (
        <p className={styles.note}>
          <Trans
            id="mf-checkout.plans.switchNote"
            message="To switch plans, use <0>Manage subscription</0>: it shows the price difference first."
            components={{ 0: <Link to={paths.manageSubscription()} /> }}
          />
        </p>
      ) : null}
    </div>
  );
}
