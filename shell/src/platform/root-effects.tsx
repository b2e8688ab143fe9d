import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import {
  analyticsConsentAtom,
  getHttp,
  isLoggedInAtom,
  sessionStore,
  track,
} from '@streamflix/shared';
import { getComposition } from '../composition/remote-registry';
import { matchScreen, routeTableFor } from '../routing/route-tables';
import { loadChatWidget } from './chat-widget';
import { afterFirstScreen, oneTaskEach } from './first-screen';
import { registerServiceWorker } from './service-worker-registration';

/** Spec §2: the root's page view is titled "Home Page"; other routes use their screen's title. */
export function pageTitleFor(pathname: string, loggedIn: boolean): string {
  if (pathname === '/' || pathname === '') return 'Home Page';
  if (pathname.startsWith('/debug/analytics')) return 'Analytics events';
  return matchScreen(routeTableFor(loggedIn), pathname)?.title ?? pathname;
}

/**
 * What the root does on every route (spec §2): analytics with a page view per
 * route, the customer-chat widget, and push registration; each loaded once the
 * first screen has settled, after the HTTP client.
 */
export function RootEffects() {
  const navigate = useNavigate();
  // The latest navigate, without restarting push when its identity changes.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const services = getComposition()?.services ?? {};
    let stops: Array<() => void> = [];
    let cancelled = false;
    let analyticsStarted = false;
    const startAnalyticsOnce = () => {
      if (analyticsStarted) return;
      analyticsStarted = true;
      void import('./analytics').then(({ startAnalytics }) => {
        if (cancelled) return;
        stops.push(startAnalytics(services));
      });
    };
    // A viewer who accepts is past the first screen: what they do next (a search, leaving the
    // page) must not wait in track()'s queue for the page to settle, or be lost with the page.
    const stopConsentWait = sessionStore.sub(analyticsConsentAtom, () => {
      if (sessionStore.get(analyticsConsentAtom) === 'granted') startAnalyticsOnce();
    });
    const startPushOnce = () =>
      void import('./push').then(({ startPush }) => {
        if (cancelled) return;
        stops.push(
          startPush((link) => {
            if (/^https?:\/\//.test(link)) window.location.assign(link);
            else void navigateRef.current(link);
          }),
        );
      });
    let cancelTurns: () => void = () => undefined;
    const cancelWait = afterFirstScreen(() => {
      cancelTurns = oneTaskEach([
        // A first screen whose call came with the HTML never loaded the HTTP client, and the
        // viewer's next action (Play, My List) waited for it: on emulated 3G its chunk held the
        // playback session back 0.7 s (npm run bench:qoe). Loaded once, so a no-op otherwise.
        () => void getHttp().catch(() => undefined),
        startAnalyticsOnce,
        () => loadChatWidget(services.chat),
        registerServiceWorker,
        startPushOnce,
      ]);
    });
    return () => {
      cancelled = true;
      cancelWait();
      cancelTurns();
      stopConsentWait();
      stops.forEach((stop) => stop());
      stops = [];
    };
  }, []);

  const { pathname } = useLocation();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const consent = useAtomValue(analyticsConsentAtom);
  useEffect(() => {
    // Re-run when consent is given, so the page the viewer is on is counted from that moment.
    // Before analytics has started, track() holds consented events until it connects.
    track('page_view', { path: pathname, title: pageTitleFor(pathname, loggedIn) });
    // loggedIn is left out on purpose: logging in is not a new page.
  }, [pathname, consent]);
  return null;
}
