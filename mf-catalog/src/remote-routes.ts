import type { RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  { path: '/', name: 'Home', load: () => import('./exposes/home') },
  { path: '/landing', name: 'Landing', load: () => import('./exposes/landing') },
  { path: '/explore', name: 'Explore', load: () => import('./exposes/explore') },
  { path: '/trending', name: 'Trending', load: () => import('./exposes/trending') },
  { path: '/new-releases', name: 'NewReleases', load: () => import('./exposes/new-releases') },
  { path: '/series', name: 'Series', load: () => import('./exposes/series') },
  { path: '/movie/:type/:id', name: 'TitleDetail', load: () => import('./exposes/title-detail') },
  { path: '/my-list', name: 'MyList', load: () => import('./exposes/my-list') },
  { path: '/category/:type', name: 'Category', load: () => import('./exposes/category') },
  { path: '/skip-list', name: 'GuestHome', load: () => import('./exposes/guest-home') },
  { path: '/skip-explore', name: 'GuestExplore', load: () => import('./exposes/guest-explore') },
];
