import { atom } from 'jotai';
import { sessionStore } from '../session/session-atoms';

/** Stored under its own key; the viewer's answer outlives their session (guests answer too). */
export const ANALYTICS_CONSENT_KEY = 'analyticsConsent';

export type AnalyticsConsent = 'granted' | 'denied';

function read(): AnalyticsConsent | null {
  try {
    const v = localStorage.getItem(ANALYTICS_CONSENT_KEY);
    return v === 'granted' || v === 'denied' ? v : null;
  } catch {
    return null;
  }
}

const consentValueAtom = atom<AnalyticsConsent | null>(
  typeof window === 'undefined' ? null : read(),
);

/** The viewer's choice; null until they chose. Set from the shell's banner or account settings. */
export const analyticsConsentAtom = atom(
  (get) => get(consentValueAtom),
  (_get, set, next: AnalyticsConsent) => {
    try {
      localStorage.setItem(ANALYTICS_CONSENT_KEY, next);
    } catch {
      // Private mode: the choice holds for this page only.
    }
    set(consentValueAtom, next);
  },
);

/** The browser asks not to be tracked (Do Not Track or Global Privacy Control): that is a no. */
export function browserRefusesTracking(nav: Navigator = navigator): boolean {
  const n = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const w = typeof window === 'undefined' ? undefined : (window as { doNotTrack?: string });
  return (
    n.doNotTrack === '1' ||
    n.doNotTrack === 'yes' ||
    n.msDoNotTrack === '1' ||
    w?.doNotTrack === '1' ||
    n.globalPrivacyControl === true
  );
}

export const getAnalyticsConsent = () => sessionStore.get(analyticsConsentAtom);
