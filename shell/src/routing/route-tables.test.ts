import {
  isRedirect,
  loggedInRoutes,
  loggedOutRoutes,
  matchScreen,
  routeTableFor,
} from './route-tables';
import { paths } from '@streamflix/shared';

const screenPaths = (table: typeof loggedInRoutes) =>
  table.filter((r) => !isRedirect(r)).map((r) => r.path);
const redirects = (table: typeof loggedInRoutes) =>
  Object.fromEntries(table.filter(isRedirect).map((r) => [r.path, r.redirectTo]));

it('chooses the table by whether a login token exists', () => {
  expect(routeTableFor(true)).toBe(loggedInRoutes);
  expect(routeTableFor(false)).toBe(loggedOutRoutes);
});

it('has every logged-in route of spec §2 (misspelled ones as redirects)', () => {
  const spec = [
    '/',
    '/welcome',
    '/explore',
    '/interest',
    '/tranding',
    '/my-list',
    '/new-relesed',
    '/movie/:type/:id',
    '/series',
    '/paywall',
    '/profile',
    '/notification',
    '/general',
    '/change-password',
    '/privacy-policy',
    '/term-condation',
    '/manage-subscribe',
    '/email-varify',
    '/watch/:id/:movieid/:seasonId/:episodeId',
    '/category/:type',
    '/register',
  ];
  const all = loggedInRoutes.map((r) => r.path);
  for (const p of spec) expect(all).toContain(p);
});

it('has every logged-out route of spec §2', () => {
  const spec = [
    '/',
    '/welcome',
    '/login',
    '/signup',
    '/forget',
    '/varify',
    '/interest',
    '/subscription',
    '/skip-list',
    '/payment',
    '/movie/:type/:id',
    '/watch/:id/:movieid/:seasonId/:episodeId',
    '/category/:type',
    '/premium',
    '/register',
    '/skip-explore',
  ];
  const all = loggedOutRoutes.map((r) => r.path);
  for (const p of spec) expect(all).toContain(p);
});

it('lets signed-in viewers reach the plans and payment too', () => {
  const paths = screenPaths(loggedInRoutes);
  expect(paths).toContain('/subscription');
  expect(paths).toContain('/payment');
});

it('redirects the misspelled routes to canonical ones', () => {
  expect(redirects(loggedInRoutes)).toEqual({
    '/tranding': '/trending',
    '/new-relesed': '/new-releases',
    '/term-condation': '/terms',
    '/email-varify': '/verify-email',
  });
  expect(redirects(loggedOutRoutes)).toMatchObject({ '/varify': '/verify' });
  for (const table of [loggedInRoutes, loggedOutRoutes]) {
    for (const target of Object.values(redirects(table)))
      expect(screenPaths(table)).toContain(target);
  }
});

it('keeps account-only screens out of the guest table', () => {
  for (const p of ['/profile', '/my-list', '/manage-subscribe', '/change-password']) {
    expect(loggedOutRoutes.map((r) => r.path)).not.toContain(p);
  }
});

it('maps each route to the remote that owns it', () => {
  const owner = (path: string, table = loggedInRoutes) => {
    const r = table.find((x) => x.path === path);
    return r && !isRedirect(r) ? r.remote : undefined;
  };
  expect(owner('/')).toBe('mf_catalog');
  expect(owner('/watch/:id/:movieid/:seasonId/:episodeId')).toBe('mf_player');
  expect(owner('/profile')).toBe('mf_account');
  expect(owner('/manage-subscribe')).toBe('mf_checkout');
  expect(owner('/login', loggedOutRoutes)).toBe('mf_account');
  expect(owner('/payment', loggedOutRoutes)).toBe('mf_checkout');
  expect(owner('/skip-list', loggedOutRoutes)).toBe('mf_catalog');
});

describe('matchScreen', () => {
  it('matches params as any non-empty segment, and a trailing slash as none', () => {
    expect(matchScreen(loggedInRoutes, '/movie/movie/t-1')?.expose).toBe('TitleDetail');
    expect(matchScreen(loggedInRoutes, '/watch/a/b/0/0/')?.expose).toBe('Watch');
    expect(matchScreen(loggedInRoutes, '/movie/movie/')).toBeUndefined();
    expect(matchScreen(loggedOutRoutes, '/')?.expose).toBe('Landing');
    expect(matchScreen(loggedInRoutes, '/')?.expose).toBe('Home');
    // A redirect is the router's business, not a screen.
    expect(matchScreen(loggedInRoutes, '/tranding')).toBeUndefined();
  });

  it('reads a table once, however many times a cold start asks (composition, bootstrap, fallback, analytics)', () => {
    let reads = 0;
    const counted = (path: string, expose: string) => ({
      get path() {
        reads += 1;
        return path;
      },
      remote: 'mf_catalog' as const,
      expose,
      title: expose,
    });
    const table = [counted('/', 'Home'), counted('/movie/:type/:id', 'TitleDetail')];
    expect(matchScreen(table, '/movie/movie/t-1')?.expose).toBe('TitleDetail');
    const afterFirst = reads;
    expect(afterFirst).toBeGreaterThan(0);
    expect(matchScreen(table, '/movie/movie/t-1')?.expose).toBe('TitleDetail');
    expect(matchScreen(table, '/')?.expose).toBe('Home');
    expect(matchScreen(table, '/nowhere')).toBeUndefined();
    expect(reads).toBe(afterFirst);
  });
});

it("routes every canonical link the remotes use (shared's `paths`) to a screen", () => {
  const unrouted = Object.entries(paths)
    .map(([name, to]) => [name, (to as (...a: string[]) => string)('a', 'b', 'c', 'd')] as const)
    .filter(([, url]) => !matchScreen(loggedInRoutes, url) && !matchScreen(loggedOutRoutes, url));
  expect(unrouted).toEqual([]);
});
