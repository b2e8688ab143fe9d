import { remoteRoute, type RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  remoteRoute('/watch/:id/:movieid/:seasonId/:episodeId', 'Watch', () => import('./exposes/watch')),
];
