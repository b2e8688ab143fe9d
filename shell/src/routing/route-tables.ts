import type { RemoteName } from '@streamflix/composition';

/** The spec's misspelled routes and the canonical paths they redirect to. */
export const legacyRedirects: Readonly<Record<string, string>> = {
  '/tranding': '/trending',
  '/new-relesed': '/new-releases',
  '/term-condation': '/terms',
  '/email-varify': '/verify-email',
  '/varify': '/verify',
};

/** One route of spec §2, mapped to the remote screen that owns it. */
export interface ScreenRoute {
  path: string;
  remote: RemoteName;
  /** The remote's exposed module, e.g. './Home' is exposed as 'Home'. */
  expose: string;
  /** Document title while the screen is shown. */
  title: string;
  /**
   * Lazily shared libraries the screen loads on first use, prefetched with its files: the
   * player's hls.js (~150 KB) was most of what Play waited for on a slow link.
   */
  libraries?: readonly string[];
  /**
   * A grown-up's screen (the account's settings, plans and payments): a kids profile sees a
   * "not on a kids profile" page instead (households/kids-guard.tsx).
   */
  grownUpsOnly?: boolean;
  /**
   * What a viewer is in the middle of on this screen: a notice of a new version waits until they
   * leave it (delivery/new-version-notice.tsx), so it never interrupts playback or a payment.
   */
  busy?: 'playback' | 'payment';
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

export type RouteTable = ReadonlyArray<ScreenRoute | RedirectRoute>;

/** Which route set a route belongs to: signed in, signed out (guests too), or both. */
type Audience = 'in' | 'out' | 'both';
const IN = 'in';
const OUT = 'out';
const BOTH = 'both';

interface Entry {
  audience: Audience;
  route: ScreenRoute | RedirectRoute;
}

type Extras = Pick<ScreenRoute, 'libraries' | 'grownUpsOnly' | 'busy'>;

/**
 * The one route factory: `catalog(IN, '/', 'Home', 'Home')` is the catalog's `./Home` at `/` when
 * signed in. A screen's path is the one its remote declares (`<remote>/src/remote-routes.ts`;
 * route-exposes.test.ts fails when they disagree), except the site root, which shows one screen
 * per route set.
 */
const screensOf =
  <R extends RemoteName>(remote: R, defaults: Extras = {}) =>
  <P extends string, X extends string>(
    audience: Audience,
    path: P,
    expose: X,
    title: string,
    extras?: Extras,
  ) => ({
    audience,
    route: { path, remote, expose, title, ...defaults, ...extras },
  });
const catalog = screensOf('mf_catalog');
const player = screensOf('mf_player');
// A kids profile watches: the account's settings, plans and payments are a grown-up's.
const account = screensOf('mf_account', { grownUpsOnly: true });
const checkout = screensOf('mf_checkout', { grownUpsOnly: true, busy: 'payment' });
/** Open to a kids profile although its remote's screens are not: the legal pages, the profile picker. */
const KIDS_TOO: Extras = { grownUpsOnly: false };

/** mf-account's "Who's watching?", where the profile gate sends a device that must choose. */
export const PROFILES_PATH = '/profiles';
const redirect = (
  audience: Audience,
  path: string,
): { audience: Audience; route: RedirectRoute } => ({
  audience,
  route: { path, redirectTo: legacyRedirects[path]! },
});

/**
 * Spec §2 "Logged-in routes" and "Logged-out and guest routes" in one list, so a screen both
 * sets show is declared once; the misspelled routes redirect to canonical paths.
 */
const routes = [
  catalog(IN, '/', 'Home', 'Home'),
  catalog(OUT, '/', 'Landing', 'Welcome'),
  catalog(IN, '/explore', 'Explore', 'Explore'),
  catalog(IN, '/trending', 'Trending', 'Trending'),
  catalog(IN, '/my-list', 'MyList', 'My List'),
  catalog(IN, '/new-releases', 'NewReleases', 'New releases'),
  catalog(BOTH, '/movie/:type/:id', 'TitleDetail', 'Title'),
  catalog(IN, '/series', 'Series', 'Series'),
  catalog(OUT, '/skip-list', 'GuestHome', 'Browse'),
  catalog(OUT, '/skip-explore', 'GuestExplore', 'Explore'),
  catalog(BOTH, '/category/:type', 'Category', 'Category'),
  account(BOTH, '/welcome', 'Welcome', 'Welcome'),
  account(OUT, '/login', 'Login', 'Log in'),
  account(OUT, '/signup', 'Signup', 'Sign up'),
  account(OUT, '/forget', 'Forgot', 'Reset your password'),
  account(OUT, '/verify', 'Verify', 'Enter your code'),
  account(BOTH, '/interest', 'Interest', 'Your interests'),
  account(IN, '/profile', 'Profile', 'Profile'),
  account(IN, '/notification', 'Notifications', 'Notifications'),
  account(IN, '/general', 'General', 'Settings'),
  account(IN, '/change-password', 'ChangePassword', 'Change password'),
  // Legal pages are public in every product; the spec lists them only for the
  // logged-in set, which would lock visitors out of the terms they agree to.
  account(BOTH, '/privacy-policy', 'PrivacyPolicy', 'Privacy policy', KIDS_TOO),
  account(BOTH, '/terms', 'Terms', 'Terms and conditions', KIDS_TOO),
  account(IN, '/verify-email', 'VerifyEmail', 'Verify your email'),
  account(BOTH, '/register', 'Register', 'Register'),
  // Switching profile is how a kids profile is left, so it stays open to one.
  account(IN, PROFILES_PATH, 'WhoIsWatching', "Who's watching?", KIDS_TOO),
  checkout(IN, '/paywall', 'Paywall', 'Go premium'),
  // The spec lists plans and payment only for guests, but a signed-in viewer must be able
  // to see the plans and pay (a guest who signs up on the way lands on /payment).
  checkout(BOTH, '/subscription', 'Subscription', 'Plans'),
  checkout(BOTH, '/payment', 'Payment', 'Payment'),
  checkout(OUT, '/premium', 'Premium', 'Premium'),
  checkout(IN, '/manage-subscribe', 'ManageSubscription', 'Manage subscription'),
  player(BOTH, '/watch/:id/:movieid/:seasonId/:episodeId', 'Watch', 'Watch', {
    libraries: ['hls.js'],
    busy: 'playback',
  }),
  redirect(IN, '/tranding'),
  redirect(IN, '/new-relesed'),
  redirect(BOTH, '/term-condation'),
  redirect(IN, '/email-varify'),
  redirect(OUT, '/varify'),
] as const;

/**
 * Every screen route with its literal path, remote and expose: remote-contracts.ts holds each
 * screen's declared props against the parameters of its path here.
 */
export type ShellScreenRoute = Extract<(typeof routes)[number]['route'], { expose: string }>;

const entries: readonly Entry[] = routes;
const routesFor = (audience: Audience): RouteTable =>
  entries.filter((e) => e.audience === audience || e.audience === BOTH).map((e) => e.route);

export const loggedInRoutes = routesFor(IN);
export const loggedOutRoutes = routesFor(OUT);

/** The route set is chosen by whether a login token exists (spec §2). */
export function routeTableFor(loggedIn: boolean): RouteTable {
  return loggedIn ? loggedInRoutes : loggedOutRoutes;
}

export const isRedirect = (r: ScreenRoute | RedirectRoute): r is RedirectRoute => 'redirectTo' in r;

interface CompiledTable {
  screens: Array<{ route: ScreenRoute; segments: string[] }>;
  /** The answers so far, by path: a cold start asks for the current one from several places. */
  answers: Map<string, ScreenRoute | undefined>;
}

/** Each table read once, on first use: its patterns split into segments, its answers kept. */
const compiled = new WeakMap<RouteTable, CompiledTable>();
/** Paths answered per table before the answers start over (a viewer's session visits a few dozen). */
const MAX_ANSWERS = 200;

function compile(table: RouteTable): CompiledTable {
  const screens = table
    .filter((r): r is ScreenRoute => !isRedirect(r))
    .map((route) => ({ route, segments: route.path.replace(/\/+$/, '').split('/') }));
  const c: CompiledTable = { screens, answers: new Map() };
  compiled.set(table, c);
  return c;
}

/**
 * Which screen a path shows (params as `:name` segments; no router needed, so it runs before React
 * loads). A cold start asks it for the current path several times (composition's prefetch, the
 * bootstrap's, the fallback's label, analytics): the table is read once and each path matched once.
 */
export function matchScreen(table: RouteTable, pathname: string): ScreenRoute | undefined {
  const c = compiled.get(table) ?? compile(table);
  const key = pathname.replace(/\/+$/, '');
  if (c.answers.has(key)) return c.answers.get(key);
  const parts = key.split('/');
  const found = c.screens.find(
    ({ segments }) =>
      segments.length === parts.length &&
      segments.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])),
  )?.route;
  if (c.answers.size >= MAX_ANSWERS) c.answers.clear();
  c.answers.set(key, found);
  return found;
}
