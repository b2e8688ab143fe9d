import { isLoggedInAtom, sessionStore } from '@streamflix/shared';
import type { RemoteName } from '@streamflix/shared/delivery';
import { loadExposed, resolveRemote } from '../composition/remote-registry';
import { matchScreen, routeTableFor } from './route-tables';

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

/** Prefetch the screen a same-origin URL shows in the current route set; failures stay silent. */
export function prefetchPath(href: string): void {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return;
  }
  if (url.origin !== window.location.origin) return;
  const route = matchScreen(routeTableFor(sessionStore.get(isLoggedInAtom)), url.pathname);
  if (!route || inflight.has(keyOf(route.remote, route.expose))) return;
  // Isolated remotes mount through their lifecycles in their own root; nothing to warm there.
  resolveRemote(route.remote)
    .then(({ mount }) =>
      mount === 'isolated' ? undefined : loadScreen(route.remote, route.expose),
    )
    .catch(() => undefined);
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
  // The screens the page links to (the header's sections and account links — Log in, Sign up,
  // Profile — and the screen's own links, e.g. Play on a title), once the viewer first moves,
  // types or scrolls after load and the browser is idle: warming them earlier would compete with
  // the first screen for a phone's CPU. Each screen is fetched once however many links show it.
  let handle: number | undefined;
  const firstUse = ['pointermove', 'keydown', 'touchstart', 'scroll'] as const;
  const warmNavigation = () => {
    firstUse.forEach((t) => window.removeEventListener(t, warmNavigation, true));
    handle = idle(() => {
      const seen = new Set<string>();
      for (const a of document.querySelectorAll<HTMLAnchorElement>(
        'header a[href], #main-content a[href]',
      )) {
        if (seen.has(a.pathname)) continue;
        seen.add(a.pathname);
        prefetchPath(a.href);
      }
    });
  };
  const afterLoad = () =>
    firstUse.forEach((t) =>
      window.addEventListener(t, warmNavigation, { capture: true, passive: true, once: true }),
    );
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    window.removeEventListener('load', afterLoad);
    firstUse.forEach((t) => window.removeEventListener(t, warmNavigation, true));
    document.removeEventListener('pointerover', onIntent, opts);
    document.removeEventListener('focusin', onIntent, opts);
    document.removeEventListener('touchstart', onIntent, opts);
    if (handle !== undefined) cancelIdle(handle);
  };
}
