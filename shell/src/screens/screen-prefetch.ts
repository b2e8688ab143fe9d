import { isLoggedInAtom, sessionStore } from '@streamflix/shared';
import type { RemoteName } from '@streamflix/composition';
import { loadExposed, resolveRemote } from '../composition/remote-registry';
import { screenAssets } from '../composition/screen-assets';
import { matchScreen, routeTableFor } from '../routing/route-tables';
import { afterFirstScreen } from '../platform/first-screen';

type ScreenModule = { default: unknown };

/** Screens whose module has arrived: rendering them again must not suspend. */
const loaded = new Map<string, ScreenModule>();
const inflight = new Map<string, Promise<ScreenModule>>();

const keyOf = (remote: RemoteName, expose: string) => `${remote}/${expose}`;

/** Load a screen's module once, whether for a prefetch or for rendering it. */
export function loadScreen(remote: RemoteName, expose: string): Promise<ScreenModule> {
  const key = keyOf(remote, expose);
  let p = inflight.get(key);
  if (!p) {
    p = loadExposed<ScreenModule>(remote, expose).then(
      (mod) => {
        loaded.set(key, mod);
        return mod;
      },
      (err: unknown) => {
        // A failed load is not cached: Retry (or the next hover) tries again.
        inflight.delete(key);
        throw err;
      },
    );
    inflight.set(key, p);
  }
  return p;
}

export function loadedScreen(remote: RemoteName, expose: string): ScreenModule | undefined {
  return loaded.get(keyOf(remote, expose));
}

export function forgetScreens(remote: RemoteName): void {
  for (const map of [loaded, inflight])
    for (const key of [...map.keys()]) if (key.startsWith(`${remote}/`)) map.delete(key);
}

/** The screen a same-origin URL shows in the current route set; nothing for another origin or a bad URL. */
function screenAt(href: string) {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== window.location.origin) return undefined;
  return matchScreen(routeTableFor(sessionStore.get(isLoggedInAtom)), url.pathname);
}

/** Prefetch the screen a same-origin URL shows in the current route set; failures stay silent. */
export function prefetchPath(href: string): void {
  const route = screenAt(href);
  if (!route || inflight.has(keyOf(route.remote, route.expose))) return;
  // Isolated remotes mount through their lifecycles in their own root; nothing to warm there.
  resolveRemote(route.remote)
    .then(({ mount }) =>
      mount === 'isolated' ? undefined : loadScreen(route.remote, route.expose),
    )
    .catch(() => undefined);
}

const prefetched = new Set<string>();

/**
 * A file the page has already asked for (a script or stylesheet it loaded, a preload or prefetch in the
 * head, or any request the browser timed): prefetching it again could download it a second time (the
 * entry a preload pins with its integrity is fetched in CORS mode, a plain prefetch is not).
 */
function alreadyFetched(url: string): boolean {
  const href = CSS.escape(url);
  if (document.querySelector(`link[href="${href}"], script[src="${href}"]`)) return true;
  return (
    typeof performance !== 'undefined' &&
    typeof performance.getEntriesByName === 'function' &&
    performance.getEntriesByName(url).length > 0
  );
}

/**
 * Fetch, without running, the files of the screen a same-origin URL shows: `<link rel="prefetch">` puts
 * the remote's entry and the screen's chunks in the HTTP cache at idle priority, so a later click only
 * runs them. Nothing is evaluated, so the page's main thread (and Lighthouse) does not pay for it.
 */
export function prefetchAssetsFor(href: string): void {
  const route = screenAt(href);
  if (!route) return;
  const key = keyOf(route.remote, route.expose);
  if (prefetched.has(key) || loaded.has(key) || inflight.has(key)) return;
  prefetched.add(key);
  screenAssets(route.remote, route.expose, route.libraries)
    .then((files) => {
      for (const file of files) {
        if (alreadyFetched(file.url)) continue;
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = file.url;
        link.as = file.as;
        // The same request mode as the later load, or the cached response would not be used.
        if (file.cors) link.crossOrigin = 'anonymous';
        document.head.append(link);
      }
    })
    .catch(() => prefetched.delete(key));
}

const linkOf = (target: EventTarget | null): HTMLAnchorElement | null =>
  target instanceof Element ? target.closest('a[href]') : null;

/**
 * A route change to a remote that is not loaded yet costs its manifest, entry
 * and chunks. Start them on intent (a link hovered, focused or touched) and,
 * once the browser is idle, for every screen the page links to, so the click
 * usually finds the screen ready and renders it without a fallback.
 */
export function startScreenPrefetch(): () => void {
  const onIntent = (e: Event) => {
    const a = linkOf(e.target);
    if (a) prefetchPath(a.href);
  };
  const opts = { passive: true, capture: true } as const;
  document.addEventListener('pointerover', onIntent, opts);
  document.addEventListener('focusin', onIntent, opts);
  document.addEventListener('touchstart', onIntent, opts);

  const idle =
    window.requestIdleCallback?.bind(window) ??
    ((cb: () => void) => window.setTimeout(cb, 1500) as unknown as number);
  const cancelIdle = window.cancelIdleCallback?.bind(window) ?? window.clearTimeout;
  // The files of every screen the page links to (the header's sections, account links, the screen's
  // own links), fetched without running once the first screen has settled and the browser is idle, on
  // every route and without waiting for the viewer to move: a tap straight away finds them cached.
  // Intent (hover, focus, touch) still loads and runs the one screen about to be opened.
  let handle: number | undefined;
  const warmNavigation = () => {
    handle = idle(() => {
      const seen = new Set<string>();
      for (const a of document.querySelectorAll<HTMLAnchorElement>(
        'header a[href], #main-content a[href]',
      )) {
        if (seen.has(a.pathname)) continue;
        seen.add(a.pathname);
        prefetchAssetsFor(a.href);
      }
    });
  };
  const cancelFirstScreen = afterFirstScreen(warmNavigation);
  // A new screen brings new links: scan again a moment after each route change (the Navigation API
  // tells of history.pushState; popstate of Back and Forward).
  let rescan: ReturnType<typeof setTimeout> | undefined;
  const onRouteChange = () => {
    clearTimeout(rescan);
    rescan = setTimeout(warmNavigation, 1500);
  };
  const nav = (window as unknown as { navigation?: EventTarget }).navigation;
  nav?.addEventListener('currententrychange', onRouteChange);
  window.addEventListener('popstate', onRouteChange);
  return () => {
    cancelFirstScreen();
    clearTimeout(rescan);
    nav?.removeEventListener('currententrychange', onRouteChange);
    window.removeEventListener('popstate', onRouteChange);
    document.removeEventListener('pointerover', onIntent, opts);
    document.removeEventListener('focusin', onIntent, opts);
    document.removeEventListener('touchstart', onIntent, opts);
    if (handle !== undefined) cancelIdle(handle);
  };
}
