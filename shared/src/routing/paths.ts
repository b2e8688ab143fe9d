/**
 * Canonical in-app paths. Remotes link to each other's screens through these
 * URLs only (never through each other's code). The spec's misspelled routes
 * still work: the shell redirects them here.
 */
export const paths = {
  home: () => '/',
  welcome: () => '/welcome',
  explore: () => '/explore',
  interest: () => '/interest',
  trending: () => '/trending',
  myList: () => '/my-list',
  newReleases: () => '/new-releases',
  series: () => '/series',
  paywall: () => '/paywall',
  profile: () => '/profile',
  notifications: () => '/notification',
  general: () => '/general',
  changePassword: () => '/change-password',
  privacyPolicy: () => '/privacy-policy',
  terms: () => '/terms',
  manageSubscription: () => '/manage-subscribe',
  verifyEmail: () => '/verify-email',
  register: () => '/register',
  login: () => '/login',
  signup: () => '/signup',
  forgot: () => '/forget',
  verify: () => '/verify',
  subscription: () => '/subscription',
  skipList: () => '/skip-list',
  payment: () => '/payment',
  premium: () => '/premium',
  skipExplore: () => '/skip-explore',
  title: (type: string, id: string | number) =>
    `/movie/${encodeURIComponent(type)}/${encodeURIComponent(String(id))}`,
  category: (type: string) => `/category/${encodeURIComponent(type)}`,
  /** The spec's player route: /watch/{id}/{movieid}/{seasonId}/{episodeId}; `0` marks "none". */
  watch: (
    id: string | number,
    movieId: string | number,
    seasonId: string | number = 0,
    episodeId: string | number = 0,
  ) =>
    `/watch/${[id, movieId, seasonId, episodeId].map((p) => encodeURIComponent(String(p))).join('/')}`,
} as const;
