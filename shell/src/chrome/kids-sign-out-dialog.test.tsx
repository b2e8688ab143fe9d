import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@streamflix/shared';
import { KidsSignOutDialog } from './kids-sign-out-dialog';

jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  logout: jest.fn(),
}));
const logout = shared.logout as jest.MockedFunction<typeof shared.logout>;

function renderDialog() {
  const onCancel = jest.fn();
  const onSignedOut = jest.fn();
  render(<KidsSignOutDialog profileName="Sam" onCancel={onCancel} onSignedOut={onSignedOut} />);
  return { onCancel, onSignedOut };
}

beforeEach(() => jest.clearAllMocks());

it('asks for the account password, shows a wrong one next to the field, and signs out with the right one', async () => {
  const { onSignedOut } = renderDialog();
  expect(screen.getByRole('dialog', { name: 'Enter the account password' })).toBeInTheDocument();
  expect(screen.getByText(/Sam is a kids profile/)).toBeInTheDocument();
  const field = screen.getByLabelText('Account password');
  expect(field).toHaveFocus();

  await userEvent.keyboard('{Enter}');
  expect(logout).not.toHaveBeenCalled();
  expect(screen.getByText('Enter the account password.')).toBeInTheDocument();

  logout.mockResolvedValueOnce({
    status: false,
    httpStatus: 403,
    message: 'That password is not right.',
    fieldErrors: { password: 'is incorrect' },
  });
  await userEvent.type(field, 'not-it{Enter}');
  expect(logout).toHaveBeenLastCalledWith({ password: 'not-it' });
  expect(await screen.findByText('That password is not right.')).toBeInTheDocument();
  expect(onSignedOut).not.toHaveBeenCalled();

  logout.mockResolvedValueOnce({ status: true, message: 'Signed out.', data: undefined });
  await userEvent.clear(field);
  await userEvent.type(field, 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(logout).toHaveBeenLastCalledWith({ password: 'correct horse' });
  expect(onSignedOut).toHaveBeenCalled();
});

it('Cancel keeps the device on the kids profile', async () => {
  const { onCancel } = renderDialog();
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalled();
  expect(logout).not.toHaveBeenCalled();
});
