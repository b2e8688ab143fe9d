import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as shared from '@streamflix/shared';
import { LoginForm } from './login-form';

jest.mock('@streamflix/shared', () => ({ ...jest.requireActual('@streamflix/shared'), login: jest.fn() }));
const login = shared.login as jest.MockedFunction<typeof shared.login>;

const renderForm = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => login.mockReset());

it('validates before calling the API', async () => {
  renderForm();
  await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(screen.getByText(/valid email address/i)).toBeInTheDocument();
  expect(screen.getByText(/enter your password/i)).toBeInTheDocument();
  expect(login).not.toHaveBeenCalled();
});

it("shows the server's message from the body of a refused login", async () => {
  login.mockResolvedValue({ status: false, httpStatus: 401, body: { status: false, message: 'Email or password is incorrect' }, message: 'Email or password is incorrect' });
  renderForm();
  await userEvent.type(screen.getByLabelText('Email'), 'viewer@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
});

it('shows an offline message on a bare network failure', async () => {
  login.mockResolvedValue({ status: false, network: true });
  renderForm();
  await userEvent.type(screen.getByLabelText('Email'), 'viewer@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'pw');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/offline/i);
});

it('goes home after a successful login', async () => {
  login.mockResolvedValue({ status: true, message: '', data: { tokens: { access: 'a', refresh: 'r' }, user: { id: 'u1' } } });
  renderForm();
  await userEvent.type(screen.getByLabelText('Email'), 'viewer@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'pw');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(login).toHaveBeenCalledWith('viewer@example.com', 'pw');
});
