import { i18n, type SubscriptionSummary } from '@streamflix/shared';
import { formatDate } from '../../lib/format';

export interface StatusView {
  label: string;
  tone: 'good' | 'warning' | 'ended';
  /** "Renews on January 3, 2027" / "Ends on January 3, 2027", in the active language */
  dateLine: string | null;
  /** The same date said inside a sentence ("ended on January 3, 2027"), or null. */
  endedLine: string | null;
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
  endedLine: string | null = null,
): StatusView => ({
  label,
  tone,
  dateLine,
  endedLine,
  canCancel: false,
  canResume: false,
  canChangePlan: false,
  ...actions,
});

/**
 * What the manage screen says about a subscription, as one pure rule. Its words are read in the
 * active language when it is called (at render).
 */
export function describeStatus(s: SubscriptionSummary, now: Date = new Date()): StatusView {
  const end = formatDate(s.currentPeriodEnd);
  const periodLeft = !!s.currentPeriodEnd && new Date(s.currentPeriodEnd) > now;
  if (s.status === 'active' && s.cancelAtPeriodEnd)
    return view(
      i18n._({ id: 'mf-checkout.status.cancelling', message: 'Cancelling at period end' }),
      'warning',
      end
        ? i18n._({
            id: 'mf-checkout.status.endsOn',
            message: 'Ends on {date}',
            values: { date: end },
          })
        : null,
      { canResume: periodLeft },
    );
  if (s.status === 'active')
    return view(
      i18n._({ id: 'mf-checkout.status.active', message: 'Active' }),
      'good',
      end
        ? i18n._({
            id: 'mf-checkout.status.renewsOn',
            message: 'Renews on {date}',
            values: { date: end },
          })
        : null,
      { canCancel: true, canChangePlan: true },
    );
  if (s.status === 'past_due')
    return view(
      i18n._({ id: 'mf-checkout.status.pastDue', message: 'Past due — the last payment failed' }),
      'warning',
      end
        ? i18n._({
            id: 'mf-checkout.status.dueOn',
            message: 'Payment was due on {date}',
            values: { date: end },
          })
        : null,
      { canCancel: true },
    );
  if (s.status === 'incomplete')
    return view(
      i18n._({ id: 'mf-checkout.status.incomplete', message: 'Waiting for payment confirmation' }),
      'warning',
      null,
    );
  const ended = formatDate(s.canceledAt ?? s.currentPeriodEnd);
  return view(
    i18n._({ id: 'mf-checkout.status.cancelled', message: 'Cancelled' }),
    'ended',
    ended
      ? i18n._({
          id: 'mf-checkout.status.endedOn',
          message: 'Ended on {date}',
          values: { date: ended },
        })
      : null,
    {},
    ended || null,
  );
}
