/**
 * Web analytics, product analytics and session replay behind one interface.
 * With an analytics id configured the real tag (gtag) is loaded; without one a
 * local implementation records the same events in memory, inspectable from
 * the console as window.__STREAMFLIX_ANALYTICS__, and nothing leaves the page.
 */
export const SESSION_REPLAY_SAMPLE_RATE = 0.83;
export const DEFAULT_TRACKING = true;

export interface AnalyticsEvent {
  type: 'page_view' | 'event';
  name: string;
  at: number;
  params?: Record<string, unknown>;
}

type Gtag = (...args: unknown[]) => void;

class Analytics {
  private provider: 'local' | 'gtag' = 'local';
  readonly events: AnalyticsEvent[] = [];
  /** Whether this session is sampled for replay (decided once per session). */
  readonly replaySampled = Math.random() < SESSION_REPLAY_SAMPLE_RATE;

  init(analyticsId?: string) {
    (window as unknown as { __STREAMFLIX_ANALYTICS__: Analytics }).__STREAMFLIX_ANALYTICS__ = this;
    if (!analyticsId || this.provider === 'gtag') return;
    this.provider = 'gtag';
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(analyticsId)}`;
    document.head.append(script);
    const w = window as unknown as { dataLayer: unknown[]; gtag: Gtag };
    w.dataLayer = w.dataLayer || [];
    w.gtag = function gtag() {
      // gtag expects the arguments object itself.
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', analyticsId, { send_page_view: false });
  }

  get mode() {
    return this.provider;
  }

  pageView(title: string) {
    this.record({
      type: 'page_view',
      name: title,
      at: Date.now(),
      params: { path: location.pathname },
    });
  }

  track(name: string, params?: Record<string, unknown>) {
    this.record({ type: 'event', name, at: Date.now(), params });
  }

  private record(event: AnalyticsEvent) {
    if (!DEFAULT_TRACKING) return;
    this.events.push(event);
    if (this.events.length > 500) this.events.shift();
    if (this.provider === 'gtag') {
      const gtag = (window as unknown as { gtag?: Gtag }).gtag;
      if (event.type === 'page_view')
        gtag?.('event', 'page_view', { page_title: event.name, ...event.params });
      else gtag?.('event', event.name, event.params);
    }
  }
}

export const analytics = new Analytics();
