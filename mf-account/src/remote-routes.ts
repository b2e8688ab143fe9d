import type { RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  { path: '/welcome', name: 'Welcome', load: () => import('./exposes/welcome') },
  { path: '/login', name: 'Login', load: () => import('./exposes/login') },
  { path: '/signup', name: 'Signup', load: () => import('./exposes/signup') },
  { path: '/forget', name: 'Forgot', load: () => import('./exposes/forgot') },
  { path: '/verify', name: 'Verify', load: () => import('./exposes/verify') },
  { path: '/interest', name: 'Interest', load: () => import('./exposes/interest') },
  { path: '/profile', name: 'Profile', load: () => import('./exposes/profile') },
  { path: '/notification', name: 'Notifications', load: () => import('./exposes/notifications') },
  { path: '/general', name: 'General', load: () => import('./exposes/general') },
  {
    path: '/change-password',
    name: 'ChangePassword',
    load: () => import('./exposes/change-password'),
  },
  {
    path: '/privacy-policy',
    name: 'PrivacyPolicy',
    load: () => import('./exposes/privacy-policy'),
  },
  { path: '/terms', name: 'Terms', load: () => import('./exposes/terms') },
  { path: '/verify-email', name: 'VerifyEmail', load: () => import('./exposes/verify-email') },
  { path: '/register', name: 'Register', load: () => import('./exposes/register') },
];
