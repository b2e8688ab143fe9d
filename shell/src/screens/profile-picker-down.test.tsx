import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, reloadSessionFromStorage } from '@streamflix/shared';
import { AppRoutes } from './app-routes';

/**
 * The profile picker is mf-account's screen: with mf-account down it fails as every remote screen
 * does (in place, with a retry), and the rest of the product keeps working. Its own file: the
 * screens a test loads stay cached for the module's life.
 */
const down = new Set<string>();

jest.mock('../composition/remote-registry', () => ({
  loadExposed: (remote: string, expose: string) =>
    down.has(remote)
      ? Promise.reject(new Error(`${remote} is unreachable`))
      : Promise.resolve({ default: () => <h1>{`${remote}/${expose}`}</h1> }),
  resolveRemote: () => Promise.resolve({ mount: 'federated' }),
  resetRemote: () => undefined,
  RemoteLoadError: class RemoteLoadError extends Error {},
}));

const renderAt = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify({ token: 't' }));
  reloadSessionFromStorage();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

it('with mf-account down, the profile picker fails in place with a retry, and the rest keeps working', async () => {
  down.add('mf_account');
  const { unmount } = renderAt('/profiles');
  expect(
    await screen.findByRole('heading', {
      name: 'This part of Streamflix is unavailable right now',
    }),
  ).toBeInTheDocument();
  expect(screen.getByText(/The account could not be loaded/)).toBeInTheDocument();
  down.delete('mf_account');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(
    await screen.findByRole('heading', { name: 'mf_account/WhoIsWatching' }),
  ).toBeInTheDocument();
  unmount();
  down.add('mf_account');
  renderAt('/');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Home' })).toBeInTheDocument();
});
