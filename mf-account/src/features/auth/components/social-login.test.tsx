import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { endSession, setRuntimeConfig, sessionStore, tokenAtom } from '@streamflix/shared';
import { firebaseIdToken } from '../firebase-sign-in';
import { SocialLogin } from './social-login';

// The provider (Firebase's popup) is mocked; the API call is the shared client, mocked below it.
jest.mock('../firebase-sign-in', () => ({ firebaseIdToken: jest.fn() }));
const idToken = firebaseIdToken as jest.MockedFunction<typeof firebaseIdToken>;

const mockCallApi = jest.fn();
jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  callOperation: (...args: [string, object?]) =>
    mockCallApi(jest.requireActual('@streamflix/shared/testing').operationRequest(...args)),
}));

const authResult = (genres: string[]) => ({
  status: true,
  message: 'Signed in.',
  data: {
    tokens: { access: 'eyJ.access', refresh: 'refresh-1' },
    user: { id: 'usr-1', email: 'grace@example.com', name: 'Grace', country: 'US', genres },
  },
});

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<SocialLogin />} />
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/interest" element={<h1>Pick your genres</h1>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  setRuntimeConfig({ firebase: { apiKey: 'k', projectId: 'streamflix-test' } });
  idToken.mockReset();
  mockCallApi.mockReset();
  endSession();
  localStorage.clear();
});

test("signs in with the provider's ID token and sends a new account to pick genres", async () => {
  idToken.mockResolvedValue('firebase-id-token');
  mockCallApi.mockResolvedValue(authResult([]));
  renderLogin();
  await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
  expect(await screen.findByRole('heading', { name: 'Pick your genres' })).toBeInTheDocument();
  expect(idToken).toHaveBeenCalledWith(
    expect.objectContaining({ projectId: 'streamflix-test' }),
    'google',
  );
  expect(mockCallApi).toHaveBeenCalledWith(
    expect.objectContaining({
      method: 'POST',
      url: '/auth/socialLogin',
      data: expect.objectContaining({ idToken: 'firebase-id-token', provider: 'google' }),
    }),
  );
  expect(sessionStore.get(tokenAtom)).toMatchObject({ token: 'eyJ.access' });
});

test('a returning viewer with genres goes home', async () => {
  idToken.mockResolvedValue('firebase-id-token');
  mockCallApi.mockResolvedValue(authResult(['g-drama']));
  renderLogin();
  await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(idToken).toHaveBeenCalledWith(expect.anything(), 'apple');
});

test("the API's refusal is shown and the buttons work again", async () => {
  idToken.mockResolvedValue('firebase-id-token');
  mockCallApi.mockResolvedValue({
    status: false,
    httpStatus: 409,
    message: 'An account with this email already exists. Sign in with your password.',
    body: {
      status: false,
      message: 'An account with this email already exists. Sign in with your password.',
    },
  });
  renderLogin();
  await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Sign in with your password');
  expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  expect(sessionStore.get(tokenAtom)).toBeNull();
});

test('closing the popup is not an error; a provider failure is', async () => {
  idToken.mockRejectedValueOnce(
    Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }),
  );
  renderLogin();
  await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled(),
  );
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(mockCallApi).not.toHaveBeenCalled();

  idToken.mockRejectedValueOnce(Object.assign(new Error('boom'), { code: 'auth/internal-error' }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue with Facebook' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/did not work/);
});

test('renders nothing when Firebase is not configured', () => {
  setRuntimeConfig({ firebase: undefined });
  renderLogin();
  expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
});
