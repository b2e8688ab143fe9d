import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as signInApi from '../api/sign-in';
import { LoginForm } from './login-form';

jest.mock('../api/sign-in', () => ({
  ...jest.requireActual('../api/sign-in'),
  signIn: jest.fn(),
}));
const signIn = signInApi.signIn as jest.MockedFunction<typeof signInApi.signIn>;

const renderForm = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
    </MemoryRouter>,
  );

async function submit(email = 'viewer@example.com', password = 'pw') {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => signIn.mockReset());

it('does not shout before the first blur, then validates live', async () => {
  renderForm();
  await userEvent.type(screen.getByLabelText('Email'), 'not-an');
  expect(screen.queryByText(/valid email address/i)).not.toBeInTheDocument();
  await userEvent.tab();
  expect(screen.getByText(/valid email address/i)).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Email'), '@example.com');
  expect(screen.queryByText(/valid email address/i)).not.toBeInTheDocument();
});

it('validates before calling the API', async () => {
  renderForm();
  await submit('not-an-email', '');
  expect(screen.getByText(/valid email address/i)).toBeInTheDocument();
  expect(screen.getByText(/enter your password/i)).toBeInTheDocument();
  expect(signIn).not.toHaveBeenCalled();
});

it("shows the server's message from the body of a refused login (status false / 401)", async () => {
  signIn.mockResolvedValue({
    status: false,
    httpStatus: 401,
    body: { status: false, message: 'Email or password is incorrect.' },
    message: 'Email or password is incorrect.',
  });
  renderForm();
  await submit('viewer@example.com', 'wrong-password');
  expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
  // Focus lands on the message, not on the page body.
  expect(screen.getByRole('alert')).toHaveFocus();
  // Typed input is kept.
  expect(screen.getByLabelText('Email')).toHaveValue('viewer@example.com');
  expect(screen.getByLabelText('Password')).toHaveValue('wrong-password');
});

it("shows the 403 body's message for a disabled account", async () => {
  signIn.mockResolvedValue({
    status: false,
    httpStatus: 403,
    body: { status: false, message: 'This account is disabled.' },
  });
  renderForm();
  await submit();
  expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled.');
});

it('shows when to try again after too many attempts (429)', async () => {
  signIn.mockResolvedValue({
    status: false,
    httpStatus: 429,
    body: {
      status: false,
      message: 'Too many sign-in attempts. Try again in 15 minute(s), or reset your password.',
    },
  });
  renderForm();
  await submit();
  expect(await screen.findByRole('alert')).toHaveTextContent(/try again in 15 minute/i);
});

it('shows an offline message on a bare network failure', async () => {
  signIn.mockResolvedValue({ status: false, network: true });
  renderForm();
  await submit();
  expect(await screen.findByRole('alert')).toHaveTextContent(/offline/i);
});

it('marks the button busy while pending, keeping focus on it, and goes home after a successful login', async () => {
  let resolve!: (v: Awaited<ReturnType<typeof signInApi.signIn>>) => void;
  signIn.mockReturnValue(new Promise((r) => (resolve = r)));
  renderForm();
  await submit();
  const button = screen.getByRole('button', { name: /logging in/i });
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).toHaveFocus();
  await userEvent.click(button);
  expect(signIn).toHaveBeenCalledTimes(1);
  const data = { tokens: { access: 'a', refresh: 'r' }, user: { id: 'u1' } as never };
  const onSession = signIn.mock.calls[0]![2]!;
  onSession(data);
  resolve({ status: true, message: '', data });
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(signIn).toHaveBeenCalledWith('viewer@example.com', 'pw', expect.any(Function));
});
