/**
 * The order of the paths in the OpenAPI document: the contract's reading order (sign-up and sign-in,
 * the account, the catalogue, playback, notifications, payments, help, operations), not the order
 * the domains register in. A new endpoint adds its path here, where a reader looks for it;
 * contract.test.ts fails while a documented path is missing from this list.
 */
export const PATH_ORDER: readonly string[] = [
  '/v1/auth/register',
  '/v1/auth/register/verify',
  '/v1/auth/register/resend',
  '/v1/auth/login',
  '/v1/auth/refresh-tokens',
  '/v1/auth/logout',
  '/v1/auth/logout-all',
  '/v1/auth/kids-lock/release',
  '/v1/auth/socialLogin',
  '/v1/auth/send-verification-email',
  '/v1/auth/verify-email',
  '/v1/auth/forgot-password',
  '/v1/auth/reset-password',
  '/v1/genres',
  '/v1/users/{id}',
  '/v1/users/uploadImages',
  '/v1/users/changePassword/{id}',
  '/v1/users/changePassword.{id}',
  '/v1/users/uploadGenre/{id}',
  '/v1/users/notificationSettings/{id}',
  '/v1/users/favourite/{id}',
  '/v1/profiles',
  '/v1/profiles/{profileId}',
  '/v1/profiles/{profileId}/delete',
  '/v1/profiles/{profileId}/pin',
  '/v1/profiles/{profileId}/select',
  '/v1/account/export',
  '/v1/account/delete',
  '/v1/users/subscription/manage',
  '/v1/users/cancel-web-subscription',
  '/v1/users/resume-web-subscription',
  '/v1/users/subscription/change-plan',
  '/v1/titles/search',
  '/v1/titles/search/search',
  '/v1/titles/filters',
  '/v1/titles/index',
  '/v1/categorys',
  '/v1/categorys/details-test/{catName}',
  '/v1/titles/{movieId}',
  '/v1/titles/createLog/{id}',
  '/v1/continue-watching/{movieId}',
  '/v1/titles/{movieId}/watched',
  '/v1/ratings',
  '/v1/titles/{movieId}/rating',
  '/v1/users/dashboard',
  '/v1/notifications',
  '/v1/notifications/{id}/read',
  '/v1/notifications/read-all',
  '/v1/notifications/push-token',
  '/v1/notifications/stream-ticket',
  '/v1/notifications/stream',
  '/v1/plans',
  '/v1/payments/checkout',
  '/v1/payments/checkout/confirm',
  '/v1/payments/webhook',
  '/v1/playback/{titleId}',
  '/v1/playback/screen',
  '/v1/playback/{titleId}/chapters.vtt',
  '/v1/cms/privacy-policy',
  '/v1/cms/terms',
  '/v1/cms/marketing',
  '/v1/log-report',
  '/v1/artwork/{titleId}/{file}',
  '/v1/help/messages',
  '/v1/help/guest-messages',
  '/v1/playback/reports',
  '/v1/health',
  '/v1/ready',
  '/v1/dev/outbox',
];

/** The document's paths in PATH_ORDER; a path it does not list yet keeps its place after them. */
export function orderPaths<T>(paths: Record<string, T>): Record<string, T> {
  const rank = (p: string) => {
    const i = PATH_ORDER.indexOf(p);
    return i === -1 ? PATH_ORDER.length : i;
  };
  // Array.prototype.sort is stable: unlisted paths keep their registration order.
  return Object.fromEntries(Object.entries(paths).sort(([a], [b]) => rank(a) - rank(b)));
}
