import { useEffect } from 'react';
import { getComposition } from '../composition/remote-registry';
import { analytics } from './analytics';
import { loadChatWidget } from './chat-widget';
import { startPush } from './push';

/**
 * What the root screen does on every route (spec §2): a page view titled
 * "Home Page", the customer-chat widget, and push registration.
 */
export function RootEffects() {
  useEffect(() => {
    const services = getComposition()?.services ?? {};
    analytics.init(services.analyticsId);
    analytics.pageView('Home Page');
    loadChatWidget(services.chatWidgetUrl);
    const stop = startPush();
    return stop;
  }, []);
  return null;
}
