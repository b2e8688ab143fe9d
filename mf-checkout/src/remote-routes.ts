import type { RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  { path: '/paywall', name: 'Paywall', load: () => import('./exposes/paywall') },
  { path: '/subscription', name: 'Subscription', load: () => import('./exposes/subscription') },
  { path: '/payment', name: 'Payment', load: () => import('./exposes/payment') },
  { path: '/premium', name: 'Premium', load: () => import('./exposes/premium') },
  {
    path: '/manage-subscribe',
    name: 'ManageSubscription',
    load: () => import('./exposes/manage-subscription'),
  },
];
