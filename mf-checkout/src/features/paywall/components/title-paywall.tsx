import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  buttonClassName,
  Button,
  ErrorState,
  paths,
  Skeleton,
  useSession,
} from '@streamflix/shared';
import {
  afterSignInTo,
  readCheckoutIntent,
  returnPathFor,
  saveCheckoutIntent,
} from '../../../lib/checkout-intent';
import { formatPlanPrice } from '../../../lib/format';
import { usePlans } from '../../../api/get-plans';
import { useSubscription } from '../../../api/get-subscription';
import { cheapestPlan } from '../../../lib/plan-rules';
import { TestModeNotice } from '../../../lib/test-mode-notice';
import { useChoosePlan } from '../../../lib/use-choose-plan';
import { useTitleSummary } from '../api/get-title-summary';
import { resolvePaywallOrigin } from '../paywall-origin';
import styles from './paywall.module.css';

/**
 * /paywall (signed in) and /premium (guests): the title the viewer tried to
 * watch, why it needs a plan, the cheapest plan that unlocks it, the way on.
 */
export function TitlePaywall() {
  const location = useLocation();
  const [params] = useSearchParams();
  const { isLoggedIn } = useSession();
  const origin = resolvePaywallOrigin(location.state, params);
  const title = useTitleSummary(origin.titleId);
  const plans = usePlans();
  const subscription = useSubscription();
  const choose = useChoosePlan();
  const offer = plans.data ? cheapestPlan(plans.data.plans) : null;

  // Remember where to come back to after paying, across the sign-up detour and reloads.
  useEffect(() => {
    if (!origin.titleId) return;
    const saved = readCheckoutIntent().origin;
    const watchPath =
      origin.watchPath ?? (saved?.id === origin.titleId ? saved.watchPath : undefined);
    saveCheckoutIntent({
      origin: {
        id: origin.titleId,
        ...(watchPath ? { watchPath } : {}),
        ...(title.data?.name ? { name: title.data.name } : {}),
      },
    });
  }, [origin.titleId, origin.watchPath, title.data?.name]);

  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const name = title.data?.name;
  const watchPath = returnPathFor(readCheckoutIntent().origin) ?? null;
  const entitled = isLoggedIn && subscription.data?.isPremium;

  return (
    <main className={styles.page} aria-labelledby="paywall-title">
      <div className={styles.hero}>
        {origin.titleId ? (
          <div className={styles.artwork}>
            {title.data ? (
              <img src={title.data.posterUrl} alt="" width={240} height={360} />
            ) : title.isPending ? (
              <Skeleton height="100%" label="Loading the title" />
            ) : null}
          </div>
        ) : null}
        <div className={styles.copy}>
          <p className={styles.eyebrow}>Streamflix Premium</p>
          <h1 id="paywall-title" ref={heading} tabIndex={-1} className={styles.title}>
            {name ? `Watch ${name}` : 'Go premium'}
          </h1>
          {title.data?.year ? (
            <p className={styles.meta}>
              {title.data.type === 'series' ? 'Series' : 'Movie'} · {title.data.year}
              {title.data.premium ? ' · Premium' : ''}
            </p>
          ) : null}
          <p className={styles.why}>
            {entitled
              ? `Your ${subscription.data?.plan?.name ?? ''} plan includes it. Enjoy!`
              : origin.message && name
                ? `${origin.message} Any Streamflix plan unlocks ${name} and the whole premium catalogue.`
                : name
                  ? `${name} is part of Streamflix Premium. Any plan unlocks it and the whole premium catalogue.`
                  : 'Premium movies and series play with any Streamflix plan. Pick one and the whole premium catalogue is yours.'}
          </p>
          {title.isError ? (
            <p className={styles.muted}>We could not load this title&apos;s details.</p>
          ) : null}

          {entitled ? (
            <div className={styles.actions}>
              {watchPath ? (
                <Link className={buttonClassName('primary')} to={watchPath}>
                  Watch now
                </Link>
              ) : null}
              <Link className={buttonClassName('secondary')} to={paths.manageSubscription()}>
                Manage subscription
              </Link>
            </div>
          ) : (
            <>
              {plans.isPending ? <Skeleton height={88} label="Loading plans" /> : null}
              {plans.isError ? (
                <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />
              ) : null}
              {offer ? (
                <div className={styles.offer}>
                  <p className={styles.offerLine}>
                    From <strong>{formatPlanPrice(offer)}</strong> with {offer.name}
                  </p>
                  <ul className={styles.features}>
                    {offer.features.slice(0, 4).map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className={styles.actions}>
                {offer ? (
                  <Button onClick={() => choose(offer.id)}>Continue with {offer.name}</Button>
                ) : null}
                <Link
                  className={buttonClassName('secondary')}
                  to={
                    origin.titleId
                      ? `${paths.subscription()}?title=${encodeURIComponent(origin.titleId)}`
                      : paths.subscription()
                  }
                >
                  See all plans
                </Link>
              </div>
              {!isLoggedIn ? (
                <p className={styles.muted}>
                  Already subscribed?{' '}
                  <Link to={`${paths.login()}${afterSignInTo(watchPath ?? paths.home())}`}>
                    Log in to watch
                  </Link>
                </p>
              ) : null}
              {plans.data?.paymentMode === 'local' ? <TestModeNotice /> : null}
            </>
          )}
        </div>
      </div>
    </main>
  );
}
