import { sessionStore } from '../session/session-atoms';
import {
  analyticsConsentAtom,
  browserRefusesTracking,
  getAnalyticsConsent,
} from './analytics-consent';

/**
 * Product analytics for every remote: one typed `track()` over an event
 * catalogue. Remotes call it at the catalogue's points; the shell decides
 * where events go (Amplitude and gtag when configured, a local recorder when
 * not) and whether they go anywhere at all (the viewer's consent, Do Not
 * Track). Without consent events are dropped, never queued: nothing is
 * recorded before the viewer says yes. With consent, the few events of the
 * first seconds (the shell connects its sink once the first screen has
 * settled) wait in a short queue and go out when the sink is connected.
 *
 * Properties must never hold personal data (no email, name, card or password).
 */
export interface AnalyticsCatalogue {
  /** Every route change (the shell). The root's title is "Home Page" (spec §2). */
  page_view: { path: string; title: string };
  /** A search submitted on the explore screen (catalog). */
  search: { query: string; results: number };
  /** Playback of a title or episode began (player). */
  play_started: { titleId: string; episodeId?: string; positionSeconds: number };
  /** Playback reached the end (player). */
  play_completed: { titleId: string; episodeId?: string };
  /** An account was created (account). */
  sign_up: { method: 'email' | 'google' | 'apple' | 'facebook' };
  /** A subscription was paid for (checkout). */
  subscribe: { planId: string; interval?: string; amountCents?: number; currency?: string };
  /** A subscription was cancelled (checkout). */
  cancel_subscription: { planId?: string; reason?: string };
  /** Which build of a remote the shell chose and how it mounted it (the shell's delivery gate). */
  remote_composed: {
    remote: string;
    source: string;
    mount: string;
    gate: string;
    version?: string;
    problems: number;
  };
}

export type AnalyticsEventName = keyof AnalyticsCatalogue;

export interface AnalyticsEvent<K extends AnalyticsEventName = AnalyticsEventName> {
  name: K;
  properties: AnalyticsCatalogue[K];
  at: number;
}

type Sink = (event: AnalyticsEvent) => void;
let sink: Sink | null = null;
/** Consented events raised before the shell connected its sink; bounded so a sink that never comes costs nothing. */
let pending: AnalyticsEvent[] = [];
const PENDING_MAX = 50;

const consented = () => getAnalyticsConsent() === 'granted' && !browserRefusesTracking();
// A withdrawn consent drops what waited at once: granting it again later must not send events
// raised before the viewer said no.
sessionStore.sub(analyticsConsentAtom, () => {
  if (!consented()) pending = [];
});

export function track<K extends AnalyticsEventName>(
  name: K,
  properties: AnalyticsCatalogue[K],
): void {
  const event = { name, properties, at: Date.now() } as AnalyticsEvent;
  if (!sink) {
    if (consented() && pending.length < PENDING_MAX) pending.push(event);
    return;
  }
  deliver(sink, event);
}

function deliver(to: Sink, event: AnalyticsEvent): void {
  try {
    to(event);
  } catch (err) {
    // Analytics must never break the screen that reported something.
    console.warn('[analytics] an event could not be recorded', err);
  }
}

/** The shell's hook: where events go once the viewer consented; null stops them. */
export function setAnalyticsSink(next: Sink | null): void {
  sink = next;
  const queued = pending;
  pending = [];
  // A sink connected with consent takes what waited; a withdrawn consent (null) drops it.
  if (next && consented()) queued.forEach((event) => deliver(next, event));
}
