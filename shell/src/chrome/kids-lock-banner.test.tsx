import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@streamflix/shared';
import { KidsLockBanner } from './kids-lock-banner';

jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  useKidsLock: jest.fn(),
  useActiveProfile: jest.fn(),
  releaseKidsLock: jest.fn(),
}));
const useKidsLock = shared.useKidsLock as jest.MockedFunction<typeof shared.useKidsLock>;
const useActiveProfile = shared.useActiveProfile as jest.MockedFunction<
  typeof shared.useActiveProfile
>;
const releaseKidsLock = shared.releaseKidsLock as jest.MockedFunction<
  typeof shared.releaseKidsLock
>;
const SAM = { id: 'p2', name: 'Sam', avatar: 'a', kids: true, maturity: 'little-kids' };

beforeEach(() => {
  jest.clearAllMocks();
  useActiveProfile.mockReturnValue(null);
  useKidsLock.mockReturnValue({ token: 'lock', profileName: 'Sam' });
});

test('says nothing on an unlocked device, nor on the kids profile itself', () => {
  useKidsLock.mockReturnValue(null);
  const { container, rerender } = render(<KidsLockBanner />);
  expect(container).toBeEmptyDOMElement();
  useKidsLock.mockReturnValue({ token: 'lock', profileName: 'Sam' });
  useActiveProfile.mockReturnValue(SAM);
  rerender(<KidsLockBanner />);
  expect(container).toBeEmptyDOMElement();
});

test('a locked guest is told, and unlocks with the account password only', async () => {
  render(<KidsLockBanner />);
  const bar = screen.getByRole('complementary', { name: 'Kids lock' });
  expect(bar).toHaveTextContent(
    "This device is locked to Sam's ratings. Enter the account password to unlock it.",
  );
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
  const field = screen.getByLabelText('Account password');
  expect(field).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(releaseKidsLock).not.toHaveBeenCalled();
  expect(screen.getByText('Enter the account password.')).toBeInTheDocument();

  releaseKidsLock.mockResolvedValueOnce({
    status: false,
    httpStatus: 403,
    message: 'That password is not right.',
    fieldErrors: { password: 'is incorrect' },
  });
  await userEvent.type(field, 'not-it{Enter}');
  expect(releaseKidsLock).toHaveBeenLastCalledWith('not-it');
  expect(await screen.findByText('That password is not right.')).toBeInTheDocument();

  releaseKidsLock.mockResolvedValueOnce({ status: false, httpStatus: 429, message: 'Too many.' });
  await userEvent.clear(field);
  await userEvent.type(field, 'again{Enter}');
  expect(await screen.findByText('Too many.')).toBeInTheDocument();

  releaseKidsLock.mockResolvedValueOnce({ status: true, message: 'Unlocked.', data: null });
  await userEvent.clear(field);
  await userEvent.type(field, 'right{Enter}');
  expect(releaseKidsLock).toHaveBeenLastCalledWith('right');
  expect(screen.queryByLabelText('Account password')).not.toBeInTheDocument();
});
