import type { RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  {
    path: '/watch/:id/:movieid/:seasonId/:episodeId',
    name: 'Watch',
    load: () => import('./exposes/watch'),
  },
];
