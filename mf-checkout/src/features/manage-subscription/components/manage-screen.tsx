import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  buttonClassName,
  Card,
  Dialog,
  ErrorState,
  failureMessage,
  invalidateViewer,
  isSuccess,
  paths,
  Skeleton,
  track,
  useI18n,
  useSession,
  type ApiData,
  type Plan,
} from '@streamflix/shared';
import { brandLabel } from '../../../lib/card-brand';
import { formatDate, formatPlanPrice } from '../../../lib/format';
import { usePlans } from '../../../api/get-plans';
import { subscriptionQueryKey, useSubscription } from '../../../api/get-subscription';
import { cancelSubscription } from '../api/cancel-subscription';
import { resumeSubscription } from '../api/resume-subscription';
import { describeStatus } from '../subscription-status';
import { ChangePlanPanel } from './change-plan-panel';
import { PaymentHistory } from './payment-history';
import styles from './manage.module.css';

type Notice = { tone: 'ok' | 'error'; text: string } | null;

/** /manage-subscribe: the plan, its state and dates, the card, the history; cancel, resume, change. */
export function ManageScreen() {
  const i18n = useI18n();
  const { userId } = useSession();
  const client = useQueryClient();
  const query = useSubscription();
  const plans = usePlans();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [changing, setChanging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: subscriptionQueryKey(userId) });
    void invalidateViewer(client);
  };

  const act = async (
    call: () => ReturnType<typeof cancelSubscription>,
    success: (end: string) => string,
  ) => {
    setBusy(true);
    setNotice(null);
    const r = await call();
    setBusy(false);
    if (!isSuccess(r)) {
      setNotice({ tone: 'error', text: failureMessage(r) });
      return;
    }
    await refresh();
    setNotice({ tone: 'ok', text: success(formatDate(r.data.subscription.currentPeriodEnd)) });
  };

  const onCancel = async () => {
    setConfirmCancel(false);
    await act(
      async () => {
        const r = await cancelSubscription(userId);
        if (isSuccess(r)) track('cancel_subscription', { planId: r.data.subscription.planId });
        return r;
      },
      (end) =>
        i18n._({
          id: 'mf-checkout.manage.cancelled',
          message: 'Your subscription is cancelled. You can keep watching until {date}.',
          values: { date: end },
        }),
    );
  };
  const onResume = () =>
    act(
      () => resumeSubscription(userId),
      (end) =>
        i18n._({
          id: 'mf-checkout.manage.resumed',
          message: 'Welcome back: your subscription continues and renews on {date}.',
          values: { date: end },
        }),
    );

  const onChanged = async (result: ApiData<'POST /users/subscription/change-plan'>, plan: Plan) => {
    setChanging(false);
    await refresh();
    setNotice({
      tone: 'ok',
      text: result.scheduledChange
        ? i18n._({
            id: 'mf-checkout.manage.changeScheduled',
            message: '{plan} starts on {date}.',
            values: { plan: plan.name, date: formatDate(result.scheduledChange.effectiveAt) },
          })
        : i18n._({
            id: 'mf-checkout.manage.changed',
            message: 'You are now on {plan}.',
            values: { plan: plan.name },
          }),
    });
  };

  const data = query.data;
  const sub = data?.subscription ?? null;
  const status = sub ? describeStatus(sub) : null;
  const card = data?.paymentMethod;
  const plan = data?.plan;

  return (
    <main className={styles.page} aria-labelledby="manage-title">
      <h1 id="manage-title" ref={heading} tabIndex={-1} className={styles.title}>
        {i18n._({ id: 'mf-checkout.manage.title', message: 'Manage subscription' })}
      </h1>
      {data?.paymentMode === 'local' ? (
        <p className={styles.testBadge}>
          {i18n._({
            id: 'mf-checkout.testMode.badge',
            message: 'Test mode — no real card is charged',
          })}
        </p>
      ) : null}
      {notice ? (
        <p
          ref={noticeRef}
          tabIndex={-1}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={notice.tone === 'error' ? styles.error : styles.ok}
        >
          {notice.text}
        </p>
      ) : null}

      {query.isPending ? (
        <Skeleton
          height={220}
          label={i18n._({ id: 'mf-checkout.manage.loading', message: 'Loading your subscription' })}
        />
      ) : null}
      {query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : null}

      {data && (!sub || sub.status === 'canceled') ? (
        <Card className={styles.card}>
          <p>
            {!sub
              ? i18n._({
                  id: 'mf-checkout.manage.none',
                  message: 'You do not have a subscription. Premium titles need a plan.',
                })
              : status?.endedLine
                ? i18n._({
                    id: 'mf-checkout.manage.endedOn',
                    message:
                      'Your {plan} subscription ended on {date}. Premium titles need a plan.',
                    values: { plan: sub.planName, date: status.endedLine },
                  })
                : i18n._({
                    id: 'mf-checkout.manage.ended',
                    message: 'Your {plan} subscription has ended. Premium titles need a plan.',
                    values: { plan: sub.planName },
                  })}
          </p>
          <Link className={buttonClassName('primary')} to={paths.subscription()}>
            {i18n._({ id: 'mf-checkout.manage.seePlans', message: 'See plans' })}
          </Link>
        </Card>
      ) : null}

      {data && sub && status && sub.status !== 'canceled' ? (
        <Card className={styles.card}>
          <dl className={styles.facts}>
            <div>
              <dt>{i18n._({ id: 'mf-checkout.summary.plan', message: 'Plan' })}</dt>
              <dd>
                <strong>{sub.planName}</strong>
                {plan ? ` · ${formatPlanPrice(plan)}` : ''}
              </dd>
            </div>
            <div>
              <dt>{i18n._({ id: 'mf-checkout.manage.status', message: 'Status' })}</dt>
              <dd>
                <span className={styles[status.tone]}>{status.label}</span>
              </dd>
            </div>
            {status.dateLine ? (
              <div>
                <dt>
                  {sub.cancelAtPeriodEnd
                    ? i18n._({ id: 'mf-checkout.manage.access', message: 'Access' })
                    : i18n._({ id: 'mf-checkout.manage.nextPayment', message: 'Next payment' })}
                </dt>
                <dd>{status.dateLine}</dd>
              </div>
            ) : null}
            {data.scheduledChange ? (
              <div>
                <dt>
                  {i18n._({
                    id: 'mf-checkout.manage.scheduledChange',
                    message: 'Scheduled change',
                  })}
                </dt>
                <dd>
                  {i18n._({
                    id: 'mf-checkout.manage.scheduledLine',
                    message: '{plan} from {date}',
                    values: {
                      plan: data.scheduledChange.planName,
                      date: formatDate(data.scheduledChange.effectiveAt),
                    },
                  })}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{i18n._({ id: 'mf-checkout.manage.card', message: 'Card' })}</dt>
              <dd>
                {!card
                  ? i18n._({ id: 'mf-checkout.manage.noCard', message: 'No card on file' })
                  : card.expMonth && card.expYear
                    ? i18n._({
                        id: 'mf-checkout.manage.cardExpires',
                        message: '{brand} •••• {last4} · expires {expiry}',
                        values: {
                          brand: brandLabel(card.brand),
                          last4: card.last4,
                          expiry: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`,
                        },
                      })
                    : `${brandLabel(card.brand)} •••• ${card.last4}`}
              </dd>
            </div>
          </dl>
          <div className={styles.actions}>
            {status.canChangePlan && plans.data ? (
              <Button
                variant="secondary"
                onClick={() => setChanging((v) => !v)}
                aria-expanded={changing}
                disabled={busy}
              >
                {i18n._({ id: 'mf-checkout.manage.changePlan', message: 'Change plan' })}
              </Button>
            ) : null}
            {status.canResume ? (
              <Button onClick={() => void onResume()} disabled={busy}>
                {busy
                  ? i18n._({ id: 'mf-checkout.manage.resuming', message: 'Resuming…' })
                  : i18n._({ id: 'mf-checkout.manage.resume', message: 'Resume subscription' })}
              </Button>
            ) : null}
            {sub.status === 'past_due' ? (
              <Link
                className={buttonClassName('primary')}
                to={`${paths.payment()}?plan=${encodeURIComponent(sub.planId)}`}
              >
                {i18n._({
                  id: 'mf-checkout.manage.payAnotherCard',
                  message: 'Pay with another card',
                })}
              </Link>
            ) : null}
            {status.canCancel ? (
              <Button variant="ghost" onClick={() => setConfirmCancel(true)} disabled={busy}>
                {i18n._({ id: 'mf-checkout.manage.cancel', message: 'Cancel subscription' })}
              </Button>
            ) : null}
          </div>
        </Card>
      ) : null}

      {changing && sub && plans.data ? (
        <ChangePlanPanel
          plans={plans.data.plans}
          currentPlanId={sub.planId}
          onChanged={(r, p) => void onChanged(r, p)}
          onClose={() => setChanging(false)}
        />
      ) : null}

      {data ? (
        <section aria-labelledby="history-title" className={styles.section}>
          <h2 id="history-title" className={styles.sectionTitle}>
            {i18n._({ id: 'mf-checkout.history.title', message: 'Payment history' })}
          </h2>
          <PaymentHistory payments={data.payments} />
        </section>
      ) : null}

      <Dialog
        open={confirmCancel}
        title={i18n._({
          id: 'mf-checkout.manage.cancelTitle',
          message: 'Cancel your subscription?',
        })}
        onClose={() => setConfirmCancel(false)}
        dismissLabel={i18n._({ id: 'mf-checkout.manage.keep', message: 'Keep subscription' })}
        actions={
          <Button onClick={() => void onCancel()}>
            {i18n._({ id: 'mf-checkout.manage.cancel', message: 'Cancel subscription' })}
          </Button>
        }
      >
        <p>
          {formatDate(sub?.currentPeriodEnd)
            ? i18n._({
                id: 'mf-checkout.manage.cancelBody',
                message:
                  'You keep watching until {date}. After that, premium titles stop playing and you are not charged again. You can resume any time before then.',
                values: { date: formatDate(sub?.currentPeriodEnd) },
              })
            : i18n._({
                id: 'mf-checkout.manage.cancelBodyNoDate',
                message:
                  'You keep watching until the end of this period. After that, premium titles stop playing and you are not charged again. You can resume any time before then.',
              })}
        </p>
      </Dialog>
    </main>
  );
}
