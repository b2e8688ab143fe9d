/**
 * Registers the app's service worker (/sw.js, built with the shell) after
 * first paint, so it never competes with the first screen for the network.
 * Production builds only: in development a caching worker would serve stale code.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .catch((err: unknown) => console.warn('[app] the service worker could not be registered', err));
}
