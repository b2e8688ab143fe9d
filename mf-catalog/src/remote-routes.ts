import { remoteRoute, type RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  remoteRoute('/', 'Home', () => import('./exposes/home')),
  remoteRoute('/landing', 'Landing', () => import('./exposes/landing')),
  remoteRoute('/explore', 'Explore', () => import('./exposes/explore')),
  remoteRoute('/trending', 'Trending', () => import('./exposes/trending')),
  remoteRoute('/new-releases', 'NewReleases', () => import('./exposes/new-releases')),
  remoteRoute('/series', 'Series', () => import('./exposes/series')),
  remoteRoute('/movie/:type/:id', 'TitleDetail', () => import('./exposes/title-detail')),
  remoteRoute('/my-list', 'MyList', () => import('./exposes/my-list')),
  remoteRoute('/category/:type', 'Category', () => import('./exposes/category')),
  remoteRoute('/skip-list', 'GuestHome', () => import('./exposes/guest-home')),
  remoteRoute('/skip-explore', 'GuestExplore', () => import('./exposes/guest-explore')),
];
