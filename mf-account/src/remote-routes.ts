import { remoteRoute, type RemoteRoute } from '@streamflix/shared/isolated';

/**
 * This remote's screens and the paths they answer in its standalone harness and
 * in isolated (single-spa) mounts. The product's route tables live in the shell.
 */
export const remoteRoutes: RemoteRoute[] = [
  remoteRoute('/welcome', 'Welcome', () => import('./exposes/welcome')),
  remoteRoute('/login', 'Login', () => import('./exposes/login')),
  remoteRoute('/signup', 'Signup', () => import('./exposes/signup')),
  remoteRoute('/forget', 'Forgot', () => import('./exposes/forgot')),
  remoteRoute('/verify', 'Verify', () => import('./exposes/verify')),
  remoteRoute('/interest', 'Interest', () => import('./exposes/interest')),
  remoteRoute('/profile', 'Profile', () => import('./exposes/profile')),
  remoteRoute('/notification', 'Notifications', () => import('./exposes/notifications')),
  remoteRoute('/general', 'General', () => import('./exposes/general')),
  remoteRoute('/change-password', 'ChangePassword', () => import('./exposes/change-password')),
  remoteRoute('/privacy-policy', 'PrivacyPolicy', () => import('./exposes/privacy-policy')),
  remoteRoute('/terms', 'Terms', () => import('./exposes/terms')),
  remoteRoute('/verify-email', 'VerifyEmail', () => import('./exposes/verify-email')),
  remoteRoute('/register', 'Register', () => import('./exposes/register')),
  remoteRoute('/profiles', 'WhoIsWatching', () => import('./exposes/who-is-watching')),
];
