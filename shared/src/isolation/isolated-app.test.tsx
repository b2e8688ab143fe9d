import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { createIsolatedApp } from './isolated-app';
import { getRuntimeConfig } from '../config/runtime-config';
import { emit } from '../events/app-events';
import { tokenAtom, sessionStore } from '../session/session-atoms';

function Login() {
  const navigate = useNavigate();
  return (
    <main>
      <h1>Log in</h1>
      <Link to="/signup">Create an account</Link>
      <button onClick={() => navigate('/', { replace: true })}>Log in</button>
    </main>
  );
}

function Title() {
  const { type, id } = useParams();
  return <h1>{`Title ${type}/${id}`}</h1>;
}

const app = createIsolatedApp('mf_test', [
  { path: '/login', name: 'Login', load: () => Promise.resolve({ default: Login }) },
  {
    path: '/movie/:type/:id',
    name: 'TitleDetail',
    load: () => Promise.resolve({ default: Title }),
  },
]);

it("a screen mounted by name inside a host reads its path's parameters", async () => {
  render(
    <app.IsolatedRoot
      screen="TitleDetail"
      path="/movie/movie/t-0001"
      navigate={jest.fn()}
      config={{ apiOrigin: 'https://api.example', environment: 'test' }}
    />,
  );
  expect(await screen.findByRole('heading', { name: 'Title movie/t-0001' })).toBeInTheDocument();
});

it('inside a host: takes its config, routes in memory and hands every navigation to the host', async () => {
  const navigate = jest.fn();
  render(
    <app.IsolatedRoot
      screen="Login"
      path="/login"
      navigate={navigate}
      config={{ apiOrigin: 'https://api.staging.example/', environment: 'staging' }}
    />,
  );
  expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  expect(getRuntimeConfig().apiOrigin).toBe('https://api.staging.example');
  expect(navigate).not.toHaveBeenCalled();
  expect(window.location.pathname).toBe('/');

  await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
  expect(navigate).toHaveBeenLastCalledWith('/signup', { replace: false });
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(navigate).toHaveBeenLastCalledWith('/', { replace: true });
  // The browser's address is the host's business.
  expect(window.location.pathname).toBe('/');
});

it("re-reads the session from storage when the host's session changes", async () => {
  render(<app.IsolatedRoot screen="Login" path="/login" navigate={jest.fn()} />);
  await screen.findByRole('heading', { name: 'Log in' });
  localStorage.setItem('token', JSON.stringify({ token: 'from-the-host' }));
  act(() => emit('session:changed', { loggedIn: true }));
  expect(sessionStore.get(tokenAtom)).toEqual({ token: 'from-the-host' });
  localStorage.removeItem('token');
  act(() => emit('session:changed', { loggedIn: false, reason: 'logout' }));
  expect(sessionStore.get(tokenAtom)).toBeNull();
});
