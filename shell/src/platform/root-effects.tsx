import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { getComposition } from '../composition/remote-registry';
import { analytics } from './analytics';
import { loadChatWidget } from './chat-widget';

/**
 * What the root screen does on every route (spec §2): a page view titled
 * "Home Page", the customer-chat widget, and push registration.
 */
export function RootEffects() {
  const navigate = useNavigate();
  // The latest navigate, without restarting push when its identity changes.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    const services = getComposition()?.services ?? {};
    analytics.init(services.analyticsId);
    analytics.pageView('Home Page');
    loadChatWidget(services.chatWidgetUrl);
    let stop: () => void = () => undefined;
    let cancelled = false;
    // Push (and its toast) load after first paint; they are never on the critical path.
    void import('./push').then(({ startPush }) => {
      if (!cancelled)
        stop = startPush((link) => {
          if (/^https?:\/\//.test(link)) window.location.assign(link);
          else void navigateRef.current(link);
        });
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);
  return null;
}
