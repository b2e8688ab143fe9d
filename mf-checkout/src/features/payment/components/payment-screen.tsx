import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Trans } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  buttonClassName,
  Card,
  ErrorState,
  getRuntimeConfig,
  invalidateViewer,
  paths,
  queryKey,
  track,
  useI18n,
  useSession,
  type CheckoutResult,
  type Plan,
} from '@streamflix/shared';
import {
  afterSignInTo,
  clearCheckoutIntent,
  readCheckoutIntent,
  returnPathFor,
  saveCheckoutIntent,
} from '../../../lib/checkout-intent';
import { formatPlanPrice } from '../../../lib/format';
import { usePlans } from '../../../api/get-plans';
import { hasOpenSubscription, useSubscription } from '../../../api/get-subscription';
import { LocalCardForm } from '../gateways/local-card-form/local-card-form';
import styles from './payment.module.css';

// Stripe's SDKs are fetched only when Stripe is configured and this screen opens.
const StripeCardForm = lazy(() =>
  import('../gateways/stripe-gateway/stripe-card-form').then((m) => ({
    default: m.StripeCardForm,
  })),
);

/** /payment: the plan chosen on the way here, the card form for the environment's gateway. */
export function PaymentScreen() {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const { isLoggedIn } = useSession();
  const plansQuery = usePlans();
  const subscription = useSubscription();
  const planParam = params.get('plan');
  const intent = readCheckoutIntent();
  const planId = planParam ?? intent.planId ?? null;

  useEffect(() => {
    if (planParam) saveCheckoutIntent({ planId: planParam });
  }, [planParam]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const plan = plansQuery.data?.plans.find((p) => p.id === planId) ?? null;
  const onPaid = usePaid();

  let body;
  if (plansQuery.isPending || (isLoggedIn && subscription.isPending)) {
    body = (
      <p className={styles.status} role="status">
        {i18n._({ id: 'mf-checkout.payment.loading', message: 'Loading your order…' })}
      </p>
    );
  } else if (plansQuery.isError) {
    body = (
      <ErrorState message={plansQuery.error.message} onRetry={() => void plansQuery.refetch()} />
    );
  } else if (!plan) {
    body = (
      <p>
        {planId
          ? i18n._({
              id: 'mf-checkout.payment.planGone',
              message: 'That plan is no longer offered.',
            })
          : i18n._({
              id: 'mf-checkout.payment.noPlan',
              message: 'You have not chosen a plan yet.',
            })}{' '}
        <Link to={paths.subscription()}>
          {i18n._({ id: 'mf-checkout.payment.choosePlan', message: 'Choose a plan' })}
        </Link>
      </p>
    );
  } else if (!isLoggedIn) {
    body = <SignInFirst plan={plan} />;
  } else if (hasOpenSubscription(subscription.data)) {
    body = (
      <p>
        <Trans
          id="mf-checkout.payment.alreadySubscribed"
          message="You already subscribe to <0>{plan}</0>. <1>Manage your subscription</1> to change plan."
          values={{ plan: subscription.data?.subscription?.planName ?? '' }}
          components={{ 0: <strong />, 1: <Link to={paths.manageSubscription()} /> }}
        />
      </p>
    );
  } else {
    const key = getRuntimeConfig().stripePublishableKey;
    body = key ? (
      <Suspense
        fallback={
          <p className={styles.status} role="status">
            {i18n._({
              id: 'mf-checkout.payment.loadingForm',
              message: 'Loading the secure payment form…',
            })}
          </p>
        }
      >
        <StripeCardForm publishableKey={key} plan={plan} onPaid={onPaid} />
      </Suspense>
    ) : (
      <LocalCardForm plan={plan} onPaid={onPaid} />
    );
  }

  return (
    <main className={styles.page} aria-labelledby="payment-title">
      <h1 id="payment-title" ref={heading} tabIndex={-1} className={styles.title}>
        {i18n._({ id: 'mf-checkout.payment.title', message: 'Payment' })}
      </h1>
      {plan ? (
        <p className={styles.lead}>
          <Trans
            id="mf-checkout.payment.lead"
            message="{plan} · {price} · <0>Change plan</0>"
            values={{ plan: plan.name, price: formatPlanPrice(plan) }}
            components={{ 0: <Link to={paths.subscription()} /> }}
          />
        </p>
      ) : null}
      {intent.origin?.name ? (
        <p className={styles.lead}>
          {i18n._({
            id: 'mf-checkout.payment.thenBack',
            message: 'Then back to watching {title}.',
            values: { title: intent.origin.name },
          })}
        </p>
      ) : null}
      <Card className={styles.panel}>{body}</Card>
    </main>
  );
}

function SignInFirst({ plan }: { plan: Plan }) {
  const i18n = useI18n();
  const next = afterSignInTo(paths.payment());
  return (
    <div className={styles.signIn}>
      <p>
        <Trans
          id="mf-checkout.payment.signInFirst"
          message="Create an account or log in to pay for <0>{plan}</0>. Your choice is kept: you come straight back here."
          values={{ plan: plan.name }}
          components={{ 0: <strong /> }}
        />
      </p>
      <div className={styles.actions}>
        <Link className={buttonClassName('primary')} to={`${paths.signup()}${next}`}>
          {i18n._({ id: 'mf-checkout.payment.createAccount', message: 'Create account' })}
        </Link>
        <Link className={buttonClassName('secondary')} to={`${paths.login()}${next}`}>
          {i18n._({ id: 'mf-checkout.payment.logIn', message: 'Log in' })}
        </Link>
      </div>
    </div>
  );
}

/** Paid: every screen learns the new entitlement at once, then the viewer goes back to watching. */
function usePaid() {
  const i18n = useI18n();
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(
    (data: CheckoutResult) => {
      const origin = readCheckoutIntent().origin;
      clearCheckoutIntent();
      track('subscribe', {
        planId: data.plan.id,
        interval: data.plan.interval,
        amountCents: data.plan.priceCents,
        currency: data.plan.currency,
      });
      void invalidateViewer(client);
      // Everything a payment changes: the subscription, plan prices shown as current, and
      // the titles' premium locks (the catalog's detail and the paywall's summary).
      for (const op of [
        'GET /users/subscription/manage',
        'GET /plans',
        'GET /titles/{movieId}',
      ] as const)
        void client.invalidateQueries({ queryKey: queryKey(op) });
      void import('react-toastify').then(({ toast }) =>
        toast.success(
          origin?.name
            ? i18n._({
                id: 'mf-checkout.payment.welcomeTitle',
                message: 'Welcome to {plan}. Enjoy {title}!',
                values: { plan: data.plan.name, title: origin.name },
              })
            : i18n._({
                id: 'mf-checkout.payment.welcome',
                message: 'Welcome to {plan}. Your subscription is active.',
                values: { plan: data.plan.name },
              }),
        ),
      );
      navigate(returnPathFor(origin) ?? paths.manageSubscription(), { replace: true });
    },
    [client, navigate, i18n],
  );
}
