import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, failureMessage, isSuccess, type ApiData, type Plan } from '@streamflix/shared';
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
      setError(`${failureMessage(r)} Your plan was not changed twice; try again.`);
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
        Change plan
      </h2>
      <form onSubmit={onSubmit} className={styles.changeForm}>
        <fieldset className={styles.choices}>
          <legend>New plan</legend>
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
                <strong>{p.name}</strong> · {formatPlanPrice(p)}
              </span>
            </label>
          ))}
        </fieldset>
        <div aria-live="polite" className={styles.preview}>
          {planId && preview.isPending ? (
            <p className={styles.muted}>Working out the price…</p>
          ) : null}
          {preview.isError ? (
            <p role="alert" className={styles.error}>
              {preview.error.message}
            </p>
          ) : null}
          {preview.data ? (
            <>
              <p>
                <strong>
                  {preview.data.direction === 'upgrade'
                    ? `Pay ${formatMoney(preview.data.amountDueNowCents, preview.data.currency)} now`
                    : 'Nothing to pay now'}
                </strong>
                {preview.data.direction === 'upgrade'
                  ? `, then ${formatMoney(preview.data.nextAmountCents, preview.data.currency)} per ${preview.data.newPlan.interval} from your next renewal.`
                  : `; ${preview.data.newPlan.name} starts on ${formatDate(preview.data.effectiveAt)} at ${formatMoney(preview.data.nextAmountCents, preview.data.currency)} per ${preview.data.newPlan.interval}.`}
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
              ? 'Changing…'
              : preview.data?.direction === 'upgrade'
                ? `Upgrade and pay ${formatMoney(preview.data.amountDueNowCents, preview.data.currency)}`
                : preview.data
                  ? `Switch to ${preview.data.newPlan.name} at renewal`
                  : 'Confirm change'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Keep my plan
          </Button>
        </div>
      </form>
    </section>
  );
}
