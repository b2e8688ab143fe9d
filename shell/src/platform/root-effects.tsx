import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { analyticsConsentAtom, isLoggedInAtom, queryClient, track } from '@streamflix/shared';
import { getComposition } from '../composition/remote-registry';
import { matchScreen, routeTableFor } from '../routing/route-tables';
import { loadChatWidget } from './chat-widget';
import { registerServiceWorker } from './service-worker-registration';

/** Spec §2: the root's page view is titled "Home Page"; other routes use their screen's title. */
export function pageTitleFor(pathname: string, loggedIn: boolean): string {
  if (pathname === '/' || pathname === '') return 'Home Page';
  if (pathname.startsWith('/debug/analytics')) return 'Analytics events';
  return matchScreen(routeTableFor(loggedIn), pathname)?.title ?? pathname;
}

/** The first screen is settled when the page has loaded and no query has been in flight for a beat. */
const SETTLE_POLL_MS = 100;
/** Platform services start by then at the latest, however busy the first screen stays. */
const SETTLE_MAX_MS = 6000;

/**
 * After the first screen has its content, when the browser is idle: on a phone the services'
 * chunks and start-up tasks (analytics, chat widget, push, service worker) otherwise ran in the
 * network gaps of the first screen's chain and pushed its largest paint back (Lighthouse).
 */
function afterFirstScreen(run: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = performance.now();
  const go = () => {
    if (!cancelled) run();
  };
  let quietChecks = 0;
  const poll = () => {
    if (cancelled) return;
    // Two quiet checks: a screen that just mounted has not always sent its first query yet.
    quietChecks = queryClient.isFetching() === 0 ? quietChecks + 1 : 0;
    if (quietChecks >= 2 || performance.now() - started > SETTLE_MAX_MS) {
      if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 2000 });
      else setTimeout(go, 1);
    } else timer = setTimeout(poll, SETTLE_POLL_MS);
  };
  const onLoad = () => poll();
  if (document.readyState === 'complete') poll();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    clearTimeout(timer);
    window.removeEventListener('load', onLoad);
  };
}

/**
 * What the root does on every route (spec §2): analytics with a page view per
 * route, the customer-chat widget, and push registration; each loaded once the
 * first screen has settled.
 */
export function RootEffects() {
  const navigate = useNavigate();
  // The latest navigate, without restarting push when its identity changes.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [analyticsReady, setAnalyticsReady] = useState(false);

  useEffect(() => {
    const services = getComposition()?.services ?? {};
    let stops: Array<() => void> = [];
    let cancelled = false;
    const cancelWait = afterFirstScreen(() => {
      void import('./analytics').then(({ startAnalytics }) => {
        if (cancelled) return;
        stops.push(startAnalytics(services));
        setAnalyticsReady(true);
      });
      loadChatWidget(services.chat);
      registerServiceWorker();
      void import('./push').then(({ startPush }) => {
        if (cancelled) return;
        stops.push(
          startPush((link) => {
            if (/^https?:\/\//.test(link)) window.location.assign(link);
            else void navigateRef.current(link);
          }),
        );
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      stops.forEach((stop) => stop());
      stops = [];
    };
  }, []);

  const { pathname } = useLocation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const consent = useAtomValue(analyticsConsentAtom);
  useEffect(() => {
    // Re-run when consent is given, so the page the viewer is on is counted from that moment.
    if (analyticsReady)
      track('page_view', { path: pathname, title: pageTitleFor(pathname, loggedIn) });
    // loggedIn is left out on purpose: logging in is not a new page.
  }, [pathname, analyticsReady, consent]);
  return null;
}
