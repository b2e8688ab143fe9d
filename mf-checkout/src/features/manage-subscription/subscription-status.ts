import type { SubscriptionSummary } from '@streamflix/shared';
import { formatDate } from '../../lib/format';

export interface StatusView {
  label: string;
  tone: 'good' | 'warning' | 'ended';
  /** "Renews on 3 January 2027" / "Ends on 3 January 2027" */
  dateLine: string | null;
  canCancel: boolean;
  canResume: boolean;
  canChangePlan: boolean;
}

type Actions = Pick<StatusView, 'canCancel' | 'canResume' | 'canChangePlan'>;

const view = (
  label: string,
  tone: StatusView['tone'],
  dateLine: string | null,
  actions: Partial<Actions> = {},
): StatusView => ({
  label,
  tone,
  dateLine,
  canCancel: false,
  canResume: false,
  canChangePlan: false,
  ...actions,
});

/** What the manage screen says about a subscription, as one pure rule. */
export function describeStatus(s: SubscriptionSummary, now: Date = new Date()): StatusView {
  const end = formatDate(s.currentPeriodEnd);
  const onEnd = (prefix: string) => (end ? `${prefix} ${end}` : null);
  const periodLeft = !!s.currentPeriodEnd && new Date(s.currentPeriodEnd) > now;
  if (s.status === 'active' && s.cancelAtPeriodEnd)
    return view('Cancelling at period end', 'warning', onEnd('Ends on'), {
      canResume: periodLeft,
    });
  if (s.status === 'active')
    return view('Active', 'good', onEnd('Renews on'), { canCancel: true, canChangePlan: true });
  if (s.status === 'past_due')
    return view('Past due — the last payment failed', 'warning', onEnd('Payment was due on'), {
      canCancel: true,
    });
  if (s.status === 'incomplete') return view('Waiting for payment confirmation', 'warning', null);
  const ended = formatDate(s.canceledAt ?? s.currentPeriodEnd);
  return view('Cancelled', 'ended', ended ? `Ended on ${ended}` : null);
}
