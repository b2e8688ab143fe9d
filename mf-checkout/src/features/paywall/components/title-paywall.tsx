import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Trans } from '@lingui/react';
import {
  buttonClassName,
  Button,
  ErrorState,
  paths,
  Skeleton,
  useI18n,
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
  const i18n = useI18n();
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
              <Skeleton
                height="100%"
                label={i18n._({
                  id: 'mf-checkout.paywall.loadingTitle',
                  message: 'Loading the title',
                })}
              />
            ) : null}
          </div>
        ) : null}
        <div className={styles.copy}>
          <p className={styles.eyebrow}>
            {i18n._({ id: 'mf-checkout.paywall.eyebrow', message: 'Streamflix Premium' })}
          </p>
          <h1 id="paywall-title" ref={heading} tabIndex={-1} className={styles.title}>
            {name
              ? i18n._({
                  id: 'mf-checkout.paywall.watch',
                  message: 'Watch {title}',
                  values: { title: name },
                })
              : i18n._({ id: 'mf-checkout.paywall.goPremium', message: 'Go premium' })}
          </h1>
          {title.data?.year ? (
            <p className={styles.meta}>
              {i18n._({
                id: 'mf-checkout.paywall.meta',
                message:
                  '{kind, select, series {Series} other {Movie}} · {year}{premium, select, yes { · Premium} other {}}',
                values: {
                  kind: title.data.type,
                  year: String(title.data.year),
                  premium: title.data.premium ? 'yes' : 'no',
                },
              })}
            </p>
          ) : null}
          <p className={styles.why}>
            {entitled
              ? i18n._({
                  id: 'mf-checkout.paywall.included',
                  message: 'Your {plan} plan includes it. Enjoy!',
                  values: { plan: subscription.data?.plan?.name ?? '' },
                })
              : origin.message && name
                ? i18n._({
                    id: 'mf-checkout.paywall.whyWithReason',
                    message:
                      '{reason} Any Streamflix plan unlocks {title} and the whole premium catalogue.',
                    values: { reason: origin.message, title: name },
                  })
                : name
                  ? i18n._({
                      id: 'mf-checkout.paywall.whyTitle',
                      message:
                        '{title} is part of Streamflix Premium. Any plan unlocks it and the whole premium catalogue.',
                      values: { title: name },
                    })
                  : i18n._({
                      id: 'mf-checkout.paywall.why',
                      message:
                        'Premium movies and series play with any Streamflix plan. Pick one and the whole premium catalogue is yours.',
                    })}
          </p>
          {title.isError ? (
            <p className={styles.muted}>
              {i18n._({
                id: 'mf-checkout.paywall.titleError',
                message: "We could not load this title's details.",
              })}
            </p>
          ) : null}

          {entitled ? (
            <div className={styles.actions}>
              {watchPath ? (
                <Link className={buttonClassName('primary')} to={watchPath}>
                  {i18n._({ id: 'mf-checkout.paywall.watchNow', message: 'Watch now' })}
                </Link>
              ) : null}
              <Link className={buttonClassName('secondary')} to={paths.manageSubscription()}>
                {i18n._({ id: 'mf-checkout.plans.manage', message: 'Manage subscription' })}
              </Link>
            </div>
          ) : (
            <>
              {plans.isPending ? (
                <Skeleton
                  height={88}
                  label={i18n._({ id: 'mf-checkout.plans.loading', message: 'Loading plans' })}
                />
              ) : null}
              {plans.isError ? (
                <ErrorState message={plans.error.message} onRetry={() => void plans.refetch()} />
              ) : null}
              {offer ? (
                <div className={styles.offer}>
                  <p className={styles.offerLine}>
                    <Trans
                      id="mf-checkout.paywall.offer"
                      message="From <0>{price}</0> with {plan}"
                      values={{ price: formatPlanPrice(offer), plan: offer.name }}
                      components={{ 0: <strong /> }}
                    />
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
                  <Button onClick={() => choose(offer.id)}>
                    {i18n._({
                      id: 'mf-checkout.paywall.continue',
                      message: 'Continue with {plan}',
                      values: { plan: offer.name },
                    })}
                  </Button>
                ) : null}
                <Link
                  className={buttonClassName('secondary')}
                  to={
                    origin.titleId
                      ? `${paths.subscription()}?title=${encodeURIComponent(origin.titleId)}`
                      : paths.subscription()
                  }
                >
                  {i18n._({ id: 'mf-checkout.paywall.allPlans', message: 'See all plans' })}
                </Link>
              </div>
              {!isLoggedIn ? (
                <p className={styles.muted}>
                  <Trans
                    id="mf-checkout.paywall.alreadySubscribed"
                    message="Already subscribed? <0>Log in to watch</0>"
                    components={{
                      0: (
                        <Link to={`${paths.login()}${afterSignInTo(watchPath ?? paths.home())}`} />
                      ),
                    }}
                  />
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
