import type { SubscriptionSummary } from '@streamflix/shared';
import { describeStatus } from './subscription-status';

const base: SubscriptionSummary = {
  id: 's1',
  planId: 'basic-monthly',
  planName: 'Basic',
  status: 'active',
  provider: 'local',
  currentPeriodEnd: '2027-01-03T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  canceledAt: null,
  createdAt: '2026-12-03T10:00:00.000Z',
};
const NOW = new Date('2026-12-10T00:00:00Z');

it('an active subscription renews and can be cancelled or changed', () => {
  expect(describeStatus(base, NOW)).toMatchObject({
    label: 'Active',
    dateLine: 'Renews on January 3, 2027',
    canCancel: true,
    canResume: false,
    canChangePlan: true,
  });
});

it('a cancelled-at-period-end subscription ends on its date and can be resumed until then', () => {
  const s = { ...base, cancelAtPeriodEnd: true };
  expect(describeStatus(s, NOW)).toMatchObject({
    dateLine: 'Ends on January 3, 2027',
    canCancel: false,
    canResume: true,
  });
  expect(describeStatus(s, new Date('2027-02-01')).canResume).toBe(false);
});

it('says when a payment failed and when it ended', () => {
  expect(describeStatus({ ...base, status: 'past_due' }, NOW).label).toMatch(/past due/i);
  expect(
    describeStatus({ ...base, status: 'canceled', canceledAt: '2026-12-05T00:00:00Z' }, NOW),
  ).toMatchObject({ label: 'Cancelled', dateLine: 'Ended on December 5, 2026', canCancel: false });
});
