import { remoteRoute, type RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  remoteRoute('/paywall', 'Paywall', () => import('./exposes/paywall')),
  remoteRoute('/subscription', 'Subscription', () => import('./exposes/subscription')),
  remoteRoute('/payment', 'Payment', () => import('./exposes/payment')),
  remoteRoute('/premium', 'Premium', () => import('./exposes/premium')),
  remoteRoute(
    '/manage-subscribe',
    'ManageSubscription',
    () => import('./exposes/manage-subscription'),
  ),
];
