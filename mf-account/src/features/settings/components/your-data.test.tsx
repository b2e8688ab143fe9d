import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { toast } from 'react-toastify';
import { getAccessToken, startSession } from '@streamflix/shared';
import * as exportApi from '../api/export-account-data';
import * as deleteApi from '../api/delete-account';
import * as files from '../save-json-file';
import { YourData } from './your-data';

jest.mock('../api/export-account-data', () => ({ exportAccountData: jest.fn() }));
jest.mock('../api/delete-account', () => ({ deleteAccount: jest.fn() }));
jest.mock('../save-json-file', () => ({
  ...jest.requireActual('../save-json-file'),
  saveJsonFile: jest.fn(),
}));
jest.mock('react-toastify', () => ({ toast: { success: jest.fn() } }));

const exportAccountData = exportApi.exportAccountData as jest.MockedFunction<
  typeof exportApi.exportAccountData
>;
const deleteAccount = deleteApi.deleteAccount as jest.MockedFunction<
  typeof deleteApi.deleteAccount
>;
const saveJsonFile = files.saveJsonFile as jest.MockedFunction<typeof files.saveJsonFile>;
type Archive = Extract<Awaited<ReturnType<typeof exportApi.exportAccountData>>, { status: true }>;

function renderSection(hasPassword = true) {
  return render(
    <MemoryRouter initialEntries={['/general']}>
      <Routes>
        <Route
          path="/general"
          element={<YourData email="viewer@example.com" hasPassword={hasPassword} />}
        />
        <Route path="/" element={<h1>Guest home</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  startSession({ access: 'a', refresh: 'r' }, { id: 'u1' });
});

describe('Download your data', () => {
  it('saves the archive as streamflix-data-<date>.json and says so', async () => {
    const data = { exportedAt: '2026-11-26T10:00:00.000Z', profiles: [] };
    exportAccountData.mockResolvedValue({
      status: true,
      message: 'Your data.',
      data,
    } as unknown as Archive);
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your data was downloaded as streamflix-data-2026-11-26.json.',
    );
    expect(saveJsonFile).toHaveBeenCalledWith('streamflix-data-2026-11-26.json', data);
  });

  it('shows the wait when the hourly limit is reached (429)', async () => {
    exportAccountData.mockResolvedValue({
      status: false,
      httpStatus: 429,
      message:
        'You have downloaded your data several times in the last hour. Try again in 42 minute(s).',
      retryAfterSeconds: 2520,
    });
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 42 minute(s).');
    expect(saveJsonFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download your data' })).toBeEnabled();
  });
});

describe('Download your data with PIN-locked profiles', () => {
  it('asks for the account password, names the locked profiles, and says which profiles the copy holds', async () => {
    exportAccountData.mockResolvedValueOnce({
      status: false,
      httpStatus: 403,
      message: 'This copy includes PIN-locked profiles (Sam). Enter the account password.',
      fieldErrors: { password: 'is required', profiles: 'Sam' },
    });
    exportAccountData.mockResolvedValueOnce({
      status: false,
      httpStatus: 403,
      message: 'That password is not right.',
      fieldErrors: { password: 'is incorrect' },
    });
    const data = {
      exportedAt: '2026-11-27T10:00:00.000Z',
      profiles: [{ name: 'Alex' }, { name: 'Sam' }],
    };
    exportAccountData.mockResolvedValueOnce({
      status: true,
      message: 'Your data.',
      data,
    } as unknown as Archive);
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download your data' }));
    expect(await screen.findByText(/includes PIN-locked profiles \(Sam\)/)).toBeInTheDocument();
    expect(saveJsonFile).not.toHaveBeenCalled();
    const field = screen.getByLabelText('Account password');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'not-it{Enter}');
    expect(exportAccountData).toHaveBeenLastCalledWith('not-it');
    expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Download with password' }));
    expect(exportAccountData).toHaveBeenLastCalledWith('correct horse');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your data was downloaded as streamflix-data-2026-11-27.json. It includes the profiles Alex and Sam.',
    );
    expect(saveJsonFile).toHaveBeenCalledWith('streamflix-data-2026-11-27.json', data);
    expect(screen.queryByLabelText('Account password')).not.toBeInTheDocument();
  });
});

describe('Delete account', () => {
  async function openDialog() {
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  }

  it('explains what happens before anything is deleted, and can be left', async () => {
    renderSection();
    const dialog = await openDialog();
    for (const text of [
      /subscription is cancelled/,
      /Every device is signed out/,
      /watch history, notifications and help messages are erased/,
      /payments are kept without your name, email or card/,
    ])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus();
    expect(deleteAccount).not.toHaveBeenCalled();
  });

  it('asks for the password and shows a wrong one next to the field', async () => {
    deleteAccount.mockResolvedValue({
      status: false,
      httpStatus: 403,
      message: 'That password is not right.',
      fieldErrors: { password: 'is incorrect' },
    });
    renderSection();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByText('Enter your password.')).toBeInTheDocument();
    expect(deleteAccount).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Password'), 'not-it');
    await userEvent.keyboard('{Enter}');
    expect(deleteAccount).toHaveBeenCalledWith({ password: 'not-it' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That password is not right.',
    );
    expect(within(dialog).getByLabelText('Password')).toHaveValue('not-it');
    expect(getAccessToken()).toBe('a');
  });

  it('on success signs this device out and lands on the guest home with a toast', async () => {
    deleteAccount.mockResolvedValue({
      status: true,
      message: 'Your account has been deleted.',
      data: undefined as never,
    });
    renderSection();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('heading', { name: 'Guest home' })).toBeInTheDocument();
    expect(deleteAccount).toHaveBeenCalledWith({ password: 'correct horse' });
    expect(getAccessToken()).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(toast.success).toHaveBeenCalledWith(expect.stringMatching(/account has been deleted/));
  });

  it('an account without a password types its email instead', async () => {
    deleteAccount.mockResolvedValue({
      status: false,
      httpStatus: 403,
      message:
        'For your security, sign out, sign in again with Google, Apple or Facebook, and delete your account within 10 minutes.',
      fieldErrors: { reauthenticate: 'required' },
    });
    renderSection(false);
    const dialog = await openDialog();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    const field = within(dialog).getByLabelText('Your email address');
    expect(field).toHaveAccessibleDescription(/type viewer@example.com to confirm/);
    await userEvent.type(field, ' viewer@example.com ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(deleteAccount).toHaveBeenCalledWith({ email: 'viewer@example.com' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/sign in again/);
    expect(alert).toHaveFocus();
  });
});
