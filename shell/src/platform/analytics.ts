/**
 * Web analytics (gtag), product analytics and session replay (Amplitude)
 * behind the shared `track()`. Each provider loads only when its id or key is
 * configured in the composition document, only after the viewer consented,
 * and never with Do Not Track; without any provider a local recorder keeps
 * the same events in this tab (see /debug/analytics), and nothing leaves it.
 */
import {
  analyticsConsentAtom,
  browserRefusesTracking,
  sessionStore,
  setAnalyticsSink,
  type AnalyticsEvent,
} from '@streamflix/shared';
import { localRecorder } from './analytics-recorder';

export const SESSION_REPLAY_SAMPLE_RATE = 0.83;

/** Never recorded, not even masked: card and password fields, and the payment provider's frames. */
export const REPLAY_BLOCKED = [
  'input[type="password"]',
  '[autocomplete^="cc-"]',
  '[data-private]',
  '.StripeElement',
  'iframe[src*="stripe"]',
];

export interface AnalyticsServices {
  analyticsId?: string;
  amplitudeApiKey?: string;
}

/** Spec §7/§9: default tracking on. */
export function amplitudeInitOptions() {
  return { autocapture: true, fetchRemoteConfig: true } as const;
}

/** Spec §9: replay 0.83 of sessions; every input and text masked ("conservative"), card and password blocked. */
export function sessionReplayOptions() {
  return {
    sampleRate: SESSION_REPLAY_SAMPLE_RATE,
    privacyConfig: {
      defaultMaskLevel: 'conservative' as const,
      maskSelector: ['input', 'textarea', 'select', '[contenteditable]'],
      blockSelector: REPLAY_BLOCKED,
    },
  };
}

type Gtag = (...args: unknown[]) => void;

function loadGtag(analyticsId: string): Gtag {
  const w = window as unknown as { dataLayer: unknown[]; gtag: Gtag } & Record<string, unknown>;
  w[`ga-disable-${analyticsId}`] = false;
  if (!w.gtag) {
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
    script.onerror = () => console.warn('[analytics] the web-analytics tag could not be loaded');
    document.head.append(script);
    w.dataLayer = w.dataLayer || [];
    w.gtag = function gtag() {
      // gtag expects the arguments object itself.
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', analyticsId, { send_page_view: false });
  }
  return w.gtag;
}

interface Amplitude {
  track: (name: string, properties: object) => void;
  setOptOut: (optOut: boolean) => void;
}

async function loadAmplitude(apiKey: string): Promise<Amplitude> {
  const [amplitude, { sessionReplayPlugin }] = await Promise.all([
    import('@amplitude/analytics-browser'),
    import('@amplitude/plugin-session-replay-browser'),
  ]);
  amplitude.init(apiKey, undefined, amplitudeInitOptions());
  await amplitude.add(sessionReplayPlugin(sessionReplayOptions())).promise;
  return amplitude;
}

export function isAnalyticsAllowed(): boolean {
  return sessionStore.get(analyticsConsentAtom) === 'granted' && !browserRefusesTracking();
}

/**
 * Follows the viewer's consent: connects the shared track() to the providers
 * while it is granted, and cuts them off (Amplitude opted out, gtag disabled)
 * when it is withdrawn.
 */
export function startAnalytics(services: AnalyticsServices): () => void {
  let amplitude: Promise<Amplitude | null> | null = null;
  let gtag: Gtag | null = null;
  const mode = [services.amplitudeApiKey && 'amplitude', services.analyticsId && 'gtag']
    .filter(Boolean)
    .join('+');
  localRecorder.setMode(mode || 'local');

  const send = (event: AnalyticsEvent) => {
    localRecorder.record(event);
    if (gtag) {
      if (event.name === 'page_view') {
        const p = event.properties as { path: string; title: string };
        gtag('event', 'page_view', { page_title: p.title, page_path: p.path });
      } else gtag('event', event.name, event.properties);
    }
    if (amplitude) void amplitude.then((a) => a?.track(event.name, event.properties));
  };

  const follow = () => {
    if (!isAnalyticsAllowed()) {
      setAnalyticsSink(null);
      if (amplitude) void amplitude.then((a) => a?.setOptOut(true));
      if (services.analyticsId)
        (window as unknown as Record<string, unknown>)[`ga-disable-${services.analyticsId}`] = true;
      return;
    }
    if (services.analyticsId) gtag = loadGtag(services.analyticsId);
    if (services.amplitudeApiKey) {
      amplitude ??= loadAmplitude(services.amplitudeApiKey).catch((err: unknown) => {
        console.warn('[analytics] product analytics could not be loaded', err);
        return null;
      });
      void amplitude.then((a) => a?.setOptOut(false));
    }
    setAnalyticsSink(send);
  };
  follow();
  const unsubscribe = sessionStore.sub(analyticsConsentAtom, follow);
  return () => {
    unsubscribe();
    setAnalyticsSink(null);
  };
}
