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

/** What the manage screen says about a subscription, as one pure rule. */
export function describeStatus(s: SubscriptionSummary, now: Date = new Date()): StatusView {
  const end = formatDate(s.currentPeriodEnd);
  const periodLeft = !!s.currentPeriodEnd && new Date(s.currentPeriodEnd) > now;
  if (s.status === 'active' && s.cancelAtPeriodEnd)
    return {
      label: 'Cancelling at period end',
      tone: 'warning',
      dateLine: end ? `Ends on ${end}` : null,
      canCancel: false,
      canResume: periodLeft,
      canChangePlan: false,
    };
  if (s.status === 'active')
    return {
      label: 'Active',
      tone: 'good',
      dateLine: end ? `Renews on ${end}` : null,
      canCancel: true,
      canResume: false,
      canChangePlan: true,
    };
  if (s.status === 'past_due')
    return {
      label: 'Past due — the last payment failed',
      tone: 'warning',
      dateLine: end ? `Payment was due on ${end}` : null,
      canCancel: true,
      canResume: false,
      canChangePlan: false,
    };
  if (s.status === 'incomplete')
    return {
      label: 'Waiting for payment confirmation',
      tone: 'warning',
      dateLine: null,
      canCancel: false,
      canResume: false,
      canChangePlan: false,
    };
  const ended = formatDate(s.canceledAt ?? s.currentPeriodEnd);
  return {
    label: 'Cancelled',
    tone: 'ended',
    dateLine: ended ? `Ended on ${ended}` : null,
    canCancel: false,
    canResume: false,
    canChangePlan: false,
  };
}
