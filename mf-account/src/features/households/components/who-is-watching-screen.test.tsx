import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import {
  getActiveProfile,
  sessionStore,
  startSession,
  type ApiResult,
  type HouseholdProfile,
} from '@streamflix/shared';
import * as selectApi from '../api/select-profile';
import { householdKey, type Household } from '../api/get-household';
import { WhoIsWatchingScreen } from './who-is-watching-screen';

jest.mock('../api/select-profile', () => ({ selectProfile: jest.fn() }));
const selectProfile = selectApi.selectProfile as jest.MockedFunction<
  typeof selectApi.selectProfile
>;

const profile = (over: Partial<HouseholdProfile>): HouseholdProfile => ({
  id: 'p1',
  name: 'Ada',
  avatar: 'ocean',
  avatarUrl: null,
  language: 'en',
  maturity: 'all',
  maturityLabel: 'All',
  kids: false,
  locked: false,
  primary: true,
  ...over,
});
const ada = profile({});
const bo = profile({ id: 'p2', name: 'Bo', locked: true, primary: false });
const household: Household = {
  profiles: [ada, bo],
  current: 'p1',
  maxProfiles: 5,
  avatars: ['ocean', 'night'],
  accountAvatarUrl: null,
  maturityLevels: [],
};

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderPicker() {
  const qc = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  // The household as GET /profiles answered it (its fetcher is not under test here).
  qc.setQueryData(householdKey(), household);
  return render(
    <Provider store={sessionStore}>
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/profiles?next=%2Fmy-list']}>
          <WhoIsWatchingScreen />
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>,
  );
}

const failure = (
  fieldErrors: Record<string, string>,
  message = 'Check the form',
): ApiResult<HouseholdProfile> => ({ status: false, message, fieldErrors });

beforeEach(() => {
  selectProfile.mockReset();
  startSession({ access: 'a', refresh: 'r' }, { id: 'u1' });
});

it('asks a locked profile for its PIN, says when it is wrong, and switches on the right one', async () => {
  renderPicker();
  await userEvent.click(screen.getByRole('button', { name: /^Watch as Bo, locked with a PIN/ }));
  const prompt = screen.getByRole('dialog', { name: "Enter Bo's PIN" });
  expect(selectProfile).not.toHaveBeenCalled();

  selectProfile.mockResolvedValueOnce(failure({ pin: 'is wrong' }, 'That PIN is not right'));
  await userEvent.type(screen.getByLabelText('PIN (4 digits)'), '1111');
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
  expect(selectProfile).toHaveBeenLastCalledWith('p2', { pin: '1111' });
  expect(await screen.findByText('That PIN is not right')).toBeInTheDocument();
  expect(prompt).toBeInTheDocument();

  selectProfile.mockResolvedValueOnce({ status: true, message: 'ok', data: bo });
  await userEvent.clear(screen.getByLabelText('PIN (4 digits)'));
  await userEvent.type(screen.getByLabelText('PIN (4 digits)'), '2468');
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
  expect(selectProfile).toHaveBeenLastCalledWith('p2', { pin: '2468' });
  // The device watches as Bo, and the viewer goes on where they were going.
  // (Waited for: the output is there from the start, the navigation comes after the answer.)
  await waitFor(() => expect(screen.getByLabelText('path')).toHaveTextContent('/my-list'));
  expect(getActiveProfile()).toMatchObject({ id: 'p2', name: 'Bo' });
});

it('asks the next question with an empty field: the PIN after the password', async () => {
  renderPicker();
  selectProfile.mockResolvedValueOnce(failure({ password: 'is required' }));
  await userEvent.click(screen.getByRole('button', { name: /^Watch as Ada/ }));
  // Ada is current: choosing her again goes straight to the API, which asks for the password.
  await userEvent.type(await screen.findByLabelText('Account password'), 'secret-pass');
  selectProfile.mockResolvedValueOnce(failure({ pin: 'is required' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByLabelText('PIN (4 digits)')).toHaveValue('');
  selectProfile.mockResolvedValueOnce({ status: true, message: 'ok', data: ada });
  await userEvent.type(screen.getByLabelText('PIN (4 digits)'), '1234');
  await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
  // What was already given is sent again with the answer.
  expect(selectProfile).toHaveBeenLastCalledWith('p1', { password: 'secret-pass', pin: '1234' });
});
