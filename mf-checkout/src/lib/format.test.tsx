import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, setLanguage, type Plan, type SubscriptionSummary } from '@streamflix/shared';
import '../locales/catalogs';
import { describeStatus } from '../features/manage-subscription/subscription-status';
import { validateCardNumber } from '../features/payment/gateways/local-card-form/card-rules';
import { PlanPicker } from '../features/plans/components/plan-picker';
import { formatDate, formatMoney, formatPlanPrice } from './format';

const plan: Plan = {
  id: 'basic-monthly',
  name: 'Básico',
  description: '',
  priceCents: 999,
  currency: 'eur',
  interval: 'month',
  features: [],
  maxQuality: 'HD',
  tier: 'basic',
};
const yearly: Plan = { ...plan, id: 'basic-yearly', priceCents: 9990, interval: 'year' };

afterEach(async () => {
  await act(() => setLanguage('en'));
});

test('prices are in the plan currency and the active language, with the interval in words', async () => {
  expect(formatPlanPrice(plan)).toBe('€9.99 / month');
  expect(formatPlanPrice({ ...yearly, currency: 'usd' })).toBe('$99.90 / year');
  await act(() => setLanguage('es'));
  expect(formatMoney(999, 'eur')).toBe('9,99\u00a0€');
  expect(formatPlanPrice(plan)).toBe('9,99\u00a0€/mes');
  expect(formatPlanPrice(yearly)).toBe('99,90\u00a0€/año');
  await act(() => setLanguage('de'));
  expect(formatPlanPrice({ ...plan, currency: 'usd' })).toBe('9,99\u00a0$/Monat');
  await act(() => setLanguage('ja'));
  // A currency without minor units (the shared module reads the amount in the currency's own minor unit).
  expect(formatMoney(1200, 'jpy')).toBe('￥1,200');
});

test('dates follow the language (English in its own default order)', async () => {
  expect(formatDate('2027-01-03T10:00:00Z')).toBe('January 3, 2027');
  await act(() => setLanguage('es'));
  expect(formatDate('2027-01-03T10:00:00Z')).toBe('3 de enero de 2027');
  await act(() => setLanguage('fr'));
  expect(formatDate('2027-01-03T10:00:00Z')).toBe('3 janvier 2027');
  expect(formatDate('not a date')).toBe('');
});

test('the subscription status reads in Arabic, the date in Arabic too', async () => {
  const sub: SubscriptionSummary = {
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
  await act(() => setLanguage('ar'));
  const view = describeStatus(sub, new Date('2026-12-10T00:00:00Z'));
  expect(view.label).toBe('نشط');
  expect(view.dateLine).toMatch(/^يتجدد في .*يناير/);
  expect(view.dateLine).not.toMatch(/January|Renews/);
});

test('a card number error lists the lengths in the language ("o" in Spanish)', async () => {
  await act(() => setLanguage('es'));
  expect(validateCardNumber('4242 4242 4242')).toBe(
    'Un número de tarjeta Visa tiene 13, 16 o 19 dígitos.',
  );
  await act(() => setLanguage('en'));
  expect(validateCardNumber('4242 4242 4242')).toBe('A Visa card number has 13, 16, or 19 digits.');
});

test('the plans switch language while mounted: Spanish, then Arabic', async () => {
  render(
    <AppProviders>
      <MemoryRouter>
        <PlanPicker plans={[plan, yearly]} onChoose={() => undefined} />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.getByRole('button', { name: 'Choose Básico, €9.99 / month' })).toBeInTheDocument();
  await act(() => setLanguage('es'));
  expect(
    screen.getByRole('button', { name: 'Elegir Básico, 9,99\u00a0€/mes' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Anual' })).toBeInTheDocument();
  await act(() => setLanguage('ar'));
  expect(screen.getByRole('list', { name: 'الخطط الشهرية' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^اختر Básico،/ })).toBeInTheDocument();
  expect(document.documentElement).toHaveAttribute('dir', 'rtl');
});
