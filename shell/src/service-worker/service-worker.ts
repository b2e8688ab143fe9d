/// <reference lib="webworker" />
/**
 * The app's service worker (Workbox): what makes Streamflix installable and
 * gives a clear offline page instead of the browser's error when the network
 * is gone. Built on its own (rspack.config.ts) to /sw.js.
 *
 * - Screens (navigations): network first, so a deploy is seen at once; offline
 *   the last good shell is used, and without one the offline page.
 * - Hashed JS/CSS: cache first (their names change with their content).
 * - Icons and the manifest: stale-while-revalidate.
 * - API calls, media and other origins' remotes are left to the network:
 *   stale account data or a half-cached video would be worse than an error.
 */
import { precacheAndRoute, matchPrecache } from 'workbox-precaching';
import { registerRoute, setCatchHandler, NavigationRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope;

export const OFFLINE_URL = '/offline.html';
// Bump when offline.html or the icons change, so the precache refreshes.
const PRECACHE_REVISION = '1';

precacheAndRoute([
  { url: OFFLINE_URL, revision: PRECACHE_REVISION },
  { url: '/icons/icon-192.png', revision: PRECACHE_REVISION },
]);

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: 'sf-pages',
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 20 })],
    }),
  ),
);

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    (request.destination === 'script' || request.destination === 'style') &&
    /\.[0-9a-f]{8}\.(js|css)$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'sf-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 86_400 })],
  }),
);

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/icons/') || url.pathname === '/manifest.webmanifest'),
  new StaleWhileRevalidate({ cacheName: 'sf-static' }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_URL)) ?? Response.error();
  return Response.error();
});

// A new version takes over at once: the shell's assets are content-hashed, so old and new never mix.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
