import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, i18n, setLanguage } from '@streamflix/shared';
import { PolicyPage } from '../features/legal/components/policy-page';
import { PasswordRules } from '../features/auth/components/password-rules';
import { validateAvatar } from '../features/profile/avatar-validation';
import { validateNewPassword } from '../features/auth/validation';
import './catalogs';
// The messages below are in the parts of the screens that show them (docs/i18n.md, "Parts").
import '../features/auth/locales/catalogs';
import '../features/legal/locales/catalogs';
import '../features/notifications/locales/catalogs';
import '../features/profile/locales/catalogs';

jest.mock('../features/legal/api/get-policy', () => ({
  usePolicy: () => ({
    isPending: false,
    isError: false,
    data: {
      updatedAt: '2026-03-12T10:00:00.000Z',
      sections: [{ heading: 'Intro', body: 'Text' }],
    },
    refetch: jest.fn(),
  }),
}));

const unread = (count: number) =>
  i18n._({
    id: 'mf-account.notifications.unreadCount',
    message: '{count, plural, one {# unread} other {# unread}}',
    values: { count },
  });

afterEach(async () => {
  await act(() => setLanguage('en'));
});

test('the unread count takes each language’s plural forms (Arabic has six, Japanese one)', async () => {
  await act(() => setLanguage('ar'));
  expect(unread(1)).toBe('إشعار واحد غير مقروء');
  expect(unread(2)).toBe('إشعاران غير مقروءين');
  expect(unread(3)).toMatch(/^3 إشعارات/);
  expect(unread(11)).toMatch(/^11 إشعارًا/);
  await act(() => setLanguage('ja'));
  expect(unread(1)).toBe('未読 1 件');
  expect(unread(5)).toBe('未読 5 件');
  await act(() => setLanguage('fr'));
  expect(unread(2)).toBe('2 non lues');
});

test('the policy page shows its date in the active language, and switches without a remount', async () => {
  render(
    <AppProviders>
      <MemoryRouter>
        <PolicyPage slug="terms" heading="Terms and conditions" />
      </MemoryRouter>
    </AppProviders>,
  );
  expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated March 12, 2026');
  await act(() => setLanguage('de'));
  expect(screen.getByText(/Zuletzt aktualisiert/)).toHaveTextContent(
    'Zuletzt aktualisiert: 12. März 2026',
  );
  expect(screen.getByRole('link', { name: 'Datenschutzerklärung lesen' })).toBeInTheDocument();
  await act(() => setLanguage('ar'));
  expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  expect(screen.getByRole('link', { name: 'اقرأ سياسة الخصوصية' })).toBeInTheDocument();
});

test('the password rules and the form errors speak Arabic, lists and numbers included', async () => {
  await act(() => setLanguage('ar'));
  render(
    <AppProviders>
      <PasswordRules id="rules" password="abc" />
    </AppProviders>,
  );
  expect(screen.getByText('8 أحرف على الأقل')).toBeInTheDocument();
  expect(validateNewPassword('abc')).toBe('كلمة المرور تحتاج إلى: 8 أحرف على الأقل.');
  await act(() => setLanguage('de'));
  expect(validateAvatar({ type: 'image/png', size: 2.5 * 1024 * 1024 })).toBe(
    'Dieses Bild ist 2,5 MB groß. Erlaubt sind 2 MB.',
  );
});
