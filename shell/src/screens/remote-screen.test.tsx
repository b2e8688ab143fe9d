import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { LoadingFallback } from '../chrome/loading-fallback';
import { emit } from '@streamflix/shared';
import { RemoteScreen } from './remote-screen';
import { loadExposed, resetRemote, resolveRemote } from '../composition/remote-registry';
import { RemoteLoadError } from '../composition/remote-registry';

jest.mock('../composition/remote-registry', () => {
  const actual = jest.requireActual('../composition/remote-registry');
  return {
    ...actual,
    loadExposed: jest.fn(),
    resetRemote: jest.fn(),
    resolveRemote: jest.fn(() => Promise.resolve({ mount: 'federated' })),
  };
});
const load = loadExposed as jest.MockedFunction<typeof loadExposed>;

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** As the shell renders screens: one boundary above the routes (app.tsx). */
const renderScreen = (expose: string) =>
  render(
    <MemoryRouter>
      <Suspense fallback={<LoadingFallback />}>
        <RemoteScreen remote="mf_player" expose={expose} />
      </Suspense>
    </MemoryRouter>,
  );

it('a route change keeps the screen on view while the next one loads: no full-screen fallback', async () => {
  let resolve!: (m: unknown) => void;
  load.mockImplementation((_remote, expose) =>
    expose === 'First'
      ? Promise.resolve({
          default: () => (
            <>
              <h1>First screen</h1>
              <Link to="/next">Next</Link>
            </>
          ),
        })
      : new Promise((r) => (resolve = r)),
  );
  render(
    <MemoryRouter>
      <Suspense fallback={<LoadingFallback />}>
        <Routes>
          <Route path="/" element={<RemoteScreen remote="mf_player" expose="First" />} />
          <Route path="/next" element={<RemoteScreen remote="mf_player" expose="Second" />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('link', { name: 'Next' }));
  expect(screen.getByRole('heading', { name: 'First screen' })).toBeInTheDocument();
  expect(screen.queryByTestId('loading-fallback')).toBeNull();
  await act(async () => resolve({ default: () => <h1>Second screen</h1> }));
  expect(await screen.findByRole('heading', { name: 'Second screen' })).toBeInTheDocument();
});

it("shows the loading fallback while the first screen's remote loads", async () => {
  let resolve!: (m: unknown) => void;
  load.mockReturnValue(new Promise((r) => (resolve = r)));
  renderScreen('Slow');
  expect(screen.getByTestId('loading-fallback')).toBeInTheDocument();
  resolve({ default: () => <p>ready</p> });
  expect(await screen.findByText('ready')).toBeInTheDocument();
});

it('shows a clear message with Retry when the remote is down, and Retry loads it once it is back', async () => {
  load.mockRejectedValueOnce(new RemoteLoadError('mf_player', 'mf_player could not be loaded.'));
  load.mockResolvedValueOnce({ default: () => <h1>Player screen</h1> });
  renderScreen('Down');
  expect(await screen.findByRole('alert')).toHaveTextContent(/player could not be loaded/i);
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Player screen' })).toBeInTheDocument();
  expect(resetRemote).toHaveBeenCalledWith('mf_player');
});

it('contains a remote screen that throws while rendering', async () => {
  load.mockResolvedValueOnce({
    default: () => {
      throw new Error('boom');
    },
  });
  renderScreen('Throws');
  expect(await screen.findByRole('alert')).toHaveTextContent(/unavailable right now/i);
  expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
});

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

it('mounts an isolated remote through its lifecycles, lets it move the shell router, and remounts on a session change', async () => {
  (resolveRemote as jest.Mock).mockResolvedValueOnce({ mount: 'isolated' });
  type Props = { path: string; navigate: (to: string) => void; domElement: HTMLElement };
  const mounted: Props[] = [];
  const lifecycles = {
    bootstrap: jest.fn(() => Promise.resolve()),
    mount: jest.fn((p: Props) => {
      mounted.push(p);
      p.domElement.textContent = `isolated at ${p.path}`;
      return Promise.resolve();
    }),
    unmount: jest.fn(() => Promise.resolve()),
  };
  load.mockResolvedValue(lifecycles);
  render(
    <MemoryRouter initialEntries={['/paywall']}>
      <Where />
      <Routes>
        <Route path="*" element={<RemoteScreen remote="mf_checkout" expose="Isolated" />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText('isolated at /paywall')).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('mf_checkout', 'lifecycles');
  act(() => mounted[0]!.navigate('/manage-subscribe'));
  expect(screen.getByLabelText('path')).toHaveTextContent('/manage-subscribe');
  expect(await screen.findByText('isolated at /manage-subscribe')).toBeInTheDocument();
  expect(lifecycles.unmount).toHaveBeenCalledTimes(1);
  act(() => emit('session:changed', { loggedIn: false, reason: 'logout' }));
  await waitFor(() => expect(lifecycles.mount).toHaveBeenCalledTimes(3));
});
