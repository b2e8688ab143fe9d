import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { sessionStore, startSession, userQueryKey } from '@streamflix/shared';
import * as settingsApi from '../api/change-password';
import { isPasswordChangedAtom } from '../password-changed-atom';
import { ChangePasswordForm } from './change-password-form';

jest.mock('../api/change-password', () => ({
  ...jest.requireActual('../api/change-password'),
  changePassword: jest.fn(),
}));
const changePassword = settingsApi.changePassword as jest.MockedFunction<
  typeof settingsApi.changePassword
>;

// The session store: the form reads the signed-in user from it, like in the shell.
const store = sessionStore;
function renderForm() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(userQueryKey('u1'), { id: 'u1', email: 'a@b.co', hasPassword: true });
  return render(
    <Provider store={store}>
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <ChangePasswordForm />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

beforeEach(() => {
  changePassword.mockReset();
  startSession({ access: 'a', refresh: 'r' }, { id: 'u1' });
});
afterEach(() => sessionStore.set(isPasswordChangedAtom, false));

async function fill(current = 'old-password', next = 'new-password-1', confirm = next) {
  await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

it('checks the confirmation before calling the API', async () => {
  renderForm();
  await fill('old-password', 'new-password-1', 'new-password-2');
  expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  expect(changePassword).not.toHaveBeenCalled();
});

it('keeps the flag false while pending and sets it true on success', async () => {
  let resolve!: (v: Awaited<ReturnType<typeof settingsApi.changePassword>>) => void;
  changePassword.mockReturnValue(new Promise((r) => (resolve = r)));
  renderForm();
  await fill();
  expect(changePassword).toHaveBeenCalledWith('u1', 'old-password', 'new-password-1');
  expect(store.get(isPasswordChangedAtom)).toBe(false);
  expect(screen.getByRole('button', { name: 'Changing…' })).toBeDisabled();
  resolve({ status: true, message: '', data: undefined as never });
  expect(await screen.findByRole('status')).toHaveTextContent(/password was changed/i);
  expect(store.get(isPasswordChangedAtom)).toBe(true);
  expect(screen.getByRole('button', { name: 'Sign out of all devices' })).toBeInTheDocument();
});

it('shows a wrong current password next to the field and keeps what was typed', async () => {
  changePassword.mockResolvedValue({
    status: false,
    httpStatus: 400,
    message: 'Your current password is incorrect.',
    fieldErrors: { currentPassword: 'is incorrect' },
  });
  renderForm();
  await fill();
  // One message, next to the field it is about.
  expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is incorrect.');
  expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
    /current password is incorrect/,
  );
  expect(screen.getByLabelText('Current password')).toHaveValue('old-password');
  expect(screen.getByLabelText('New password')).toHaveValue('new-password-1');
  expect(store.get(isPasswordChangedAtom)).toBe(false);
});

it('states the common-password rule beside the new password and shows the API refusal there', async () => {
  changePassword.mockResolvedValue({
    status: false,
    httpStatus: 400,
    message:
      'That password is too easy to guess: it is common, repetitive, or contains your email.',
    fieldErrors: { newPassword: 'is too easy to guess' },
  });
  renderForm();
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
    /common or easy-to-guess passwords/i,
  );
  await fill('old-password', 'password1');
  expect(await screen.findByRole('alert')).toHaveTextContent(/too easy to guess/);
  expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/too easy to guess/);
  expect(screen.getByLabelText('New password')).toHaveValue('password1');
});
