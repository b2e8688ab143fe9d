import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState, Skeleton, useI18n, useSession } from '@streamflix/shared';
import { readCheckoutIntent, saveCheckoutIntent } from '../../../lib/checkout-intent';
import { usePlans } from '../../../api/get-plans';
import { useSubscription } from '../../../api/get-subscription';
import { TestModeNotice } from '../../../lib/test-mode-notice';
import { useChoosePlan } from '../../../lib/use-choose-plan';
import { PlanPicker } from './plan-picker';
import styles from './plans.module.css';

/** /subscription: every plan, side by side. */
export function PlansScreen() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const { isLoggedIn } = useSession();
  const plans = usePlans();
  const subscription = useSubscription();
  const choose = useChoosePlan();
  const titleParam = params.get('title');
  const intent = readCheckoutIntent();

  // Arrived from a title's paywall (?title=): payment brings the viewer back to it.
  useEffect(() => {
    if (titleParam && intent.origin?.id !== titleParam)
      saveCheckoutIntent({ origin: { id: titleParam } });
  }, [titleParam, intent.origin?.id]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const current = subscription.data?.subscription;
  const currentPlanId = current?.status === 'active' ? current.planId : null;
  const chosen = plans.data?.plans.find((p) => p.id === intent.planId);

  return (
    <main className={styles.page} aria-labelledby="plans-title">
      <header>
        <h1 id="plans-title" ref={heading} tabIndex={-1} className={styles.title}>
          {i18n._({ id: 'mf-checkout.plans.title', message: 'Plans' })}
        </h1>
        <p className={styles.lead}>
          {intent.origin?.name
            ? i18n._({
                id: 'mf-checkout.plans.leadWithTitle',
                message:
                  'Choose a plan: every one includes {title} and the whole premium catalogue.',
                values: { title: intent.origin.name },
              })
            : i18n._({
                id: 'mf-checkout.plans.lead',
                message:
                  'Choose a plan: every one includes the whole premium catalogue. Cancel any time.',
              })}
          {!isLoggedIn
            ? ` ${i18n._({ id: 'mf-checkout.plans.accountFirst', message: 'You will create an account before paying.' })}`
            : ''}
        </p>
      </header>
      {plans.data?.paymentMode === 'local' ? <TestModeNotice /> : null}
      {plans.isPending ? (
        <Skeleton
          height={320}
          label={i18n._({ id: 'mf-checkout.plans.loading', message: 'Loading plans' })}
        />
      ) : plans.isError ? (
        <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />
      ) : (
        <PlanPicker
          plans={plans.data.plans}
          currentPlanId={currentPlanId}
          initialInterval={chosen?.interval}
          onChoose={(p) => choose(p.id)}
        />
      )}
    </main>
  );
}
