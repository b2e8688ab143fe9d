import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as shared from '@streamflix/shared';
import { ProfileScreen } from './profile-screen';

jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  logout: jest.fn(),
  logoutAll: jest.fn(),
}));
jest.mock('../../../api/get-current-user', () => ({
  useCurrentUser: () => ({
    isPending: false,
    isError: false,
    data: { id: 'u1', name: 'Alex', email: 'alex@example.com', emailVerified: true },
  }),
}));
jest.mock('./avatar-upload', () => ({ AvatarUpload: () => null }));
jest.mock('./profile-form', () => ({ ProfileForm: () => null }));

const logout = shared.logout as jest.MockedFunction<typeof shared.logout>;
const logoutAll = shared.logoutAll as jest.MockedFunction<typeof shared.logoutAll>;
const KIDS_REFUSAL = {
  status: false as const,
  httpStatus: 403,
  message: 'Signing out of a kids profile needs the account password.',
  fieldErrors: { profile: 'kids_profile', password: 'is required' },
};

function renderScreen() {
  const asked: unknown[] = [];
  const stop = shared.on('session:kids-password-needed', (detail) => asked.push(detail));
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<ProfileScreen emailVerification={null} />} />
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { asked, stop };
}

beforeEach(() => jest.clearAllMocks());

test.each([
  ['Sign out', 'this-device'],
  ['Sign out of all devices', 'all-devices'],
])(
  'on a kids profile, "%s" stays on the screen and asks the shell for the account password',
  async (label, scope) => {
    logout.mockResolvedValue(KIDS_REFUSAL);
    logoutAll.mockResolvedValue(KIDS_REFUSAL);
    const { asked, stop } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: label }));
    expect(asked).toEqual([{ scope }]);
    expect(screen.queryByRole('heading', { name: 'Home' })).not.toBeInTheDocument();
    // Nothing ended: the buttons can be used again.
    expect(screen.getByRole('button', { name: label })).toBeEnabled();
    stop();
  },
);

test('a grown-up profile signs out and goes home', async () => {
  logout.mockResolvedValue({ status: true, message: 'Signed out.', data: null });
  const { asked, stop } = renderScreen();
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(asked).toEqual([]);
  stop();
});
