import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { I18nProvider } from '@lingui/react';
import { i18n, type AuthResult } from '@streamflix/shared';
import { register as registerFn } from '../api/register';
import { completeSignUp as completeSignUpFn } from '../api/complete-sign-up';
import { SignupForm } from './signup-form';

jest.mock('../api/register', () => ({ register: jest.fn() }));
jest.mock('../api/complete-sign-up', () => ({ completeSignUp: jest.fn() }));
jest.mock('../api/resend-sign-up-code', () => ({ resendSignUpCode: jest.fn() }));
const register = registerFn as jest.MockedFunction<typeof registerFn>;
const completeSignUp = completeSignUpFn as jest.MockedFunction<typeof completeSignUpFn>;

const renderForm = () =>
  render(
    // The sign-up's sentences with links (the terms) are Trans messages: they need the provider.
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/signup']}>
        <Routes>
          <Route path="/signup" element={<SignupForm />} />
          <Route path="/register" element={<h1>Register</h1>} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );

async function fillForm() {
  await userEvent.type(screen.getByLabelText('Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'a long passphrase');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'a long passphrase');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

const refused = (message: string, httpStatus = 400) => ({
  status: false as const,
  httpStatus,
  body: { status: false, message },
  message,
});

beforeEach(() => {
  register.mockReset();
  completeSignUp.mockReset();
});

it('a refused sign-up keeps the focus on the page: it moves to the message', async () => {
  register.mockResolvedValue(refused('Too many requests from this device.', 429));
  renderForm();
  await fillForm();
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  expect(screen.getByRole('alert')).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Create account' })).not.toBeDisabled();
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
});

it('asks for the emailed code, then signs in; a wrong code is announced and focused', async () => {
  register.mockResolvedValue({
    status: true,
    data: { signUpId: 'su_1', email: 'ada@example.com' },
  } as Awaited<ReturnType<typeof registerFn>>);
  renderForm();
  await fillForm();
  const heading = await screen.findByRole('heading', { level: 1, name: /check your email/ });
  expect(heading).toHaveFocus();
  expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent('ada@example.com');
  expect(completeSignUp).not.toHaveBeenCalled();

  completeSignUp.mockResolvedValueOnce(refused('That code is wrong or has expired.'));
  await userEvent.type(screen.getByLabelText('Six-digit code'), '000000');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong or has expired.');
  expect(screen.getByRole('alert')).toHaveFocus();
  expect(completeSignUp).toHaveBeenLastCalledWith('su_1', '000000');

  completeSignUp.mockResolvedValueOnce({
    status: true,
    data: {
      tokens: { access: 'a', refresh: 'r' },
      user: { id: 'usr_1', email: 'ada@example.com' },
    } as AuthResult,
  } as Awaited<ReturnType<typeof completeSignUpFn>>);
  await userEvent.clear(screen.getByLabelText('Six-digit code'));
  await userEvent.type(screen.getByLabelText('Six-digit code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
  expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();
});

it('"Change email" goes back to the form with what was typed, focus on the email', async () => {
  register.mockResolvedValue({
    status: true,
    data: { signUpId: 'su_1', email: 'ada@example.com' },
  } as Awaited<ReturnType<typeof registerFn>>);
  renderForm();
  await fillForm();
  await userEvent.click(await screen.findByRole('button', { name: 'Change email' }));
  expect(screen.getByLabelText('Email')).toHaveFocus();
  expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
});
