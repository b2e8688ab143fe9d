import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react';
import {
  Button,
  failureMessage,
  isSuccess,
  useI18n,
  type ApiData,
  type Plan,
} from '@streamflix/shared';
import { formatDate, formatMoney, formatPlanPrice } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { changePlan } from '../api/change-plan';
import { usePlanChangePreview } from '../api/preview-plan-change';
import styles from './manage.module.css';

/**
 * Pick another plan, see what it costs now and from when, then confirm. The
 * price difference is always on screen before the confirm button is.
 */
export function ChangePlanPanel({
  plans,
  currentPlanId,
  onChanged,
  onClose,
}: {
  plans: Plan[];
  currentPlanId: string;
  onChanged: (result: ApiData<'POST /users/subscription/change-plan'>, plan: Plan) => void;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const others = plans.filter((p) => p.id !== currentPlanId);
  const [planId, setPlanId] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const preview = usePlanChangePreview(planId);
  const name = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!planId || !preview.data || pending) return;
    setPending(true);
    setError(null);
    const r = await changePlan(planId, key.current);
    setPending(false);
    // A dropped connection keeps the key: the retry is the same change, never a second charge.
    if (!isSuccess(r) && r.network) {
      setError(
        i18n._({
          id: 'mf-checkout.change.networkFailure',
          message: '{reason} Your plan was not changed twice; try again.',
          values: { reason: failureMessage(r) },
        }),
      );
      return;
    }
    key.current = newIdempotencyKey();
    if (!isSuccess(r)) {
      setError(failureMessage(r));
      return;
    }
    onChanged(r.data, preview.data.newPlan);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className={styles.sectionTitle}>
        {i18n._({ id: 'mf-checkout.manage.changePlan', message: 'Change plan' })}
      </h2>
      <form onSubmit={onSubmit} className={styles.changeForm}>
        <fieldset className={styles.choices}>
          <legend>{i18n._({ id: 'mf-checkout.change.newPlan', message: 'New plan' })}</legend>
          {others.map((p) => (
            <label key={p.id} className={styles.choice}>
              <input
                type="radio"
                name={name}
                value={p.id}
                checked={planId === p.id}
                onChange={() => {
                  setPlanId(p.id);
                  setError(null);
                }}
              />
              <span>
                <Trans
                  id="mf-checkout.change.option"
                  message="<0>{plan}</0> · {price}"
                  values={{ plan: p.name, price: formatPlanPrice(p) }}
                  components={{ 0: <strong /> }}
                />
              </span>
            </label>
          ))}
        </fieldset>
        <div aria-live="polite" className={styles.preview}>
          {planId && preview.isPending ? (
            <p className={styles.muted}>
              {i18n._({ id: 'mf-checkout.change.working', message: 'Working out the price…' })}
            </p>
          ) : null}
          {preview.isError ? (
            <p role="alert" className={styles.error}>
              {preview.error.message}
            </p>
          ) : null}
          {preview.data ? (
            <>
              <p>
                {preview.data.direction === 'upgrade' ? (
                  <Trans
                    id="mf-checkout.change.upgradePreview"
                    message="{interval, select, year {<0>Pay {now} now</0>, then {next} per year from your next renewal.} other {<0>Pay {now} now</0>, then {next} per month from your next renewal.}}"
                    values={{
                      interval: preview.data.newPlan.interval,
                      now: formatMoney(preview.data.amountDueNowCents, preview.data.currency),
                      next: formatMoney(preview.data.nextAmountCents, preview.data.currency),
                    }}
                    components={{ 0: <strong /> }}
                  />
                ) : (
                  <Trans
                    id="mf-checkout.change.downgradePreview"
                    message="{interval, select, year {<0>Nothing to pay now</0>; {plan} starts on {date} at {next} per year.} other {<0>Nothing to pay now</0>; {plan} starts on {date} at {next} per month.}}"
                    values={{
                      interval: preview.data.newPlan.interval,
                      plan: preview.data.newPlan.name,
                      date: formatDate(preview.data.effectiveAt),
                      next: formatMoney(preview.data.nextAmountCents, preview.data.currency),
                    }}
                    components={{ 0: <strong /> }}
                  />
                )}
              </p>
              <p className={styles.muted}>{preview.data.description}</p>
            </>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={!preview.data || pending}>
            {pending
              ? i18n._({ id: 'mf-checkout.change.changing', message: 'Changing…' })
              : preview.data?.direction === 'upgrade'
                ? i18n._({
                    id: 'mf-checkout.change.upgrade',
                    message: 'Upgrade and pay {amount}',
                    values: {
                      amount: formatMoney(preview.data.amountDueNowCents, preview.data.currency),
                    },
                  })
                : preview.data
                  ? i18n._({
                      id: 'mf-checkout.change.switch',
                      message: 'Switch to {plan} at renewal',
                      values: { plan: preview.data.newPlan.name },
                    })
                  : i18n._({ id: 'mf-checkout.change.confirm', message: 'Confirm change' })}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {i18n._({ id: 'mf-checkout.change.keep', message: 'Keep my plan' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
