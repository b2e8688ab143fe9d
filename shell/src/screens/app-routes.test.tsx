import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  AppProviders,
  endSession,
  reloadSessionFromStorage,
  setActiveProfile,
  startSession,
} from '@streamflix/shared';
import { AppRoutes, RouteFallback, watchBackdropOf } from './app-routes';
import { matchScreen, routeTableFor } from '../routing/route-tables';

// The federation runtime is not under test here: each remote screen renders its own name.
jest.mock('../composition/remote-registry', () => ({
  loadExposed: (remote: string, expose: string) =>
    Promise.resolve({ default: () => <h1>{`${remote}/${expose}`}</h1> }),
  resolveRemote: () => Promise.resolve({ mount: 'federated' }),
  resetRemote: () => undefined,
}));

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
});

const signIn = () => {
  localStorage.setItem('token', JSON.stringify({ token: 't' }));
  reloadSessionFromStorage();
};

const kidsProfile = {
  id: 'p2',
  name: 'Sam',
  avatar: 'ocean',
  avatarUrl: null,
  kids: true,
  maturity: 'older-kids',
  language: 'en',
} as const;

it('logged out: / is the landing page of mf_catalog', async () => {
  renderAt('/');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Landing' })).toBeInTheDocument();
});

it('logged in: / is the home of mf_catalog', async () => {
  localStorage.setItem('token', JSON.stringify({ token: 't' }));
  reloadSessionFromStorage();
  renderAt('/');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Home' })).toBeInTheDocument();
});

it('unknown paths redirect to /', async () => {
  renderAt('/no/such/page');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Landing' })).toBeInTheDocument();
  expect(screen.getByLabelText('path')).toHaveTextContent(/^\/$/);
});

it('a guest sent to an account-only path lands on /', async () => {
  renderAt('/profile');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Landing' })).toBeInTheDocument();
});

it('misspelled routes redirect to canonical ones', async () => {
  renderAt('/varify');
  expect(await screen.findByRole('heading', { name: 'mf_account/Verify' })).toBeInTheDocument();
  expect(screen.getByLabelText('path')).toHaveTextContent('/verify');
});

it('logged in: /tranding shows trending at /trending', async () => {
  localStorage.setItem('token', JSON.stringify({ token: 't' }));
  reloadSessionFromStorage();
  renderAt('/tranding');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Trending' })).toBeInTheDocument();
  expect(screen.getByLabelText('path')).toHaveTextContent('/trending');
});

it('switches the route set when the session starts and ends, without a reload', async () => {
  renderAt('/');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Landing' })).toBeInTheDocument();
  act(() => startSession({ access: 'a', refresh: 'r' }, { id: 'u1' }));
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Home' })).toBeInTheDocument();
  act(() => endSession());
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Landing' })).toBeInTheDocument();
});

it('stores the skipped flag when the path is not the root', async () => {
  renderAt('/');
  await screen.findByRole('heading', { name: 'mf_catalog/Landing' });
  expect(localStorage.getItem('skipped')).toBeNull();
  renderAt('/login');
  await screen.findByRole('heading', { name: 'mf_account/Login' });
  expect(localStorage.getItem('skipped')).toBe('true');
});

it("logged in: /profiles is mf_account's profile picker, mounted by expose like every screen", async () => {
  signIn();
  renderAt('/profiles');
  expect(
    await screen.findByRole('heading', { name: 'mf_account/WhoIsWatching' }),
  ).toBeInTheDocument();
});

it('a guest has no profile picker: /profiles lands on /', async () => {
  renderAt('/profiles');
  expect(await screen.findByRole('heading', { name: 'mf_catalog/Landing' })).toBeInTheDocument();
});

it('a kids profile is kept from the grown-ups screens but may switch profile and read the legal pages', async () => {
  signIn();
  act(() => setActiveProfile(kidsProfile, { reset: false }));
  const { unmount } = renderAt('/manage-subscribe');
  expect(
    await screen.findByRole('heading', {
      name: "Manage subscription isn't available on a kids profile",
    }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Switch profile' })).toHaveAttribute('href', '/profiles');
  unmount();
  renderAt('/profiles');
  expect(
    await screen.findByRole('heading', { name: 'mf_account/WhoIsWatching' }),
  ).toBeInTheDocument();
  renderAt('/terms');
  expect(await screen.findByRole('heading', { name: 'mf_account/Terms' })).toBeInTheDocument();
});

test("a watch address's fallback shows the route's title's backdrop; other screens' none", () => {
  const at = (path: string) => watchBackdropOf(matchScreen(routeTableFor(false), path), path);
  expect(at('/watch/t-1/t-1/0/0')).toBe('http://localhost:4000/v1/artwork/t-1/backdrop.svg');
  expect(at('/watch/a%20b/x/0/0')).toMatch(/\/artwork\/a%20b\/backdrop\.svg$/);
  expect(at('/movie/movie/t-1')).toBeNull();
  expect(at('/watch/%E0%A4%A/x/0/0')).toBeNull();
});

test("a watch address's fallback shows the artwork to a grown-up's profile, not under a kids profile's ceiling", () => {
  const at = () =>
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/watch/t-1/t-1/0/0']}>
          <RouteFallback />
        </MemoryRouter>
      </AppProviders>,
    );
  signIn();
  act(() => setActiveProfile({ ...kidsProfile, kids: false, maturity: 'all' }, { reset: false }));
  const grownUp = at();
  expect(screen.getByTestId('loading-backdrop')).toHaveAttribute(
    'src',
    'http://localhost:4000/v1/artwork/t-1/backdrop.svg',
  );
  grownUp.unmount();
  act(() => setActiveProfile(kidsProfile, { reset: false }));
  at();
  expect(screen.getByTestId('loading-fallback')).toBeInTheDocument();
  expect(screen.queryByTestId('loading-backdrop')).toBeNull();
});

test("a signed-in home's fallback draws the hero's backdrop the HTML found; a guest's root and other screens do not", () => {
  const art = 'http://localhost:4000/v1/artwork/t-9/backdrop.svg';
  const at = (path: string) =>
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <RouteFallback />
        </MemoryRouter>
      </AppProviders>,
    );
  const early = () => {
    (globalThis as { __sfEarlyHero?: unknown }).__sfEarlyHero = { src: art, profileId: 'p1' };
  };
  early();
  const guest = at('/');
  expect(screen.getByTestId('loading-fallback')).toBeInTheDocument();
  expect(screen.queryByTestId('loading-hero')).toBeNull();
  guest.unmount();
  signIn();
  const list = at('/my-list');
  expect(screen.queryByTestId('loading-hero')).toBeNull();
  list.unmount();
  const home = at('/');
  expect(screen.getByTestId('loading-hero')).toHaveAttribute('src', art);
  // Still the loading screen: a status for assistive technology, holding the platform services.
  expect(screen.getByRole('status')).toHaveAttribute('data-screen-loading');
  home.unmount();
  // The home has rendered its hero once (shared forgetEarlyHeroArt): the plain fallback again.
  delete (globalThis as { __sfEarlyHero?: unknown }).__sfEarlyHero;
  at('/');
  expect(screen.queryByTestId('loading-hero')).toBeNull();
});
