/** Install banner rules of spec §5 and §9. */
export const BANNER_HIDDEN_DAYS = 15;
export const INSTALL_REMINDER_DAYS = 90;
const DAY_MS = 86_400_000;

export function isAppleMobile(userAgent: string, maxTouchPoints = 0, platform = ''): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  // iPadOS 13+ reports itself as a Mac; touch points give it away.
  return platform === 'MacIntel' && maxTouchPoints > 1;
}

export interface InstallBannerInput {
  userAgent: string;
  bannerShow: string | null;
  now: number;
  maxTouchPoints?: number;
  platform?: string;
  /** When `appinstalled` fired on this device (ISO time), if it did. */
  installedAt?: string | null;
  /** Running as the installed app (display-mode: standalone). */
  standalone?: boolean;
  /**
   * The viewer has engaged (a second visit, or a first playback watched to the end): the offer waits
   * for it. Absent: engaged (callers that do not track it).
   */
  engaged?: boolean;
  /** Another prompt (the consent sheet) is on screen: one prompt at a time. */
  otherPrompt?: boolean;
  /** The watch page: nothing comes between the viewer and the film. */
  watching?: boolean;
}

const closedWithin = (iso: string, days: number, now: number) => {
  const at = Date.parse(iso);
  // A legacy or corrupt value ("true") counts as just now: never nag on bad data.
  if (Number.isNaN(at)) return true;
  return now - at < days * DAY_MS;
};

/**
 * 'install': the offer to install. 'reminder': 90 days after the app was
 * installed, a reminder to use it. null: nothing. Never on iPhone, iPad or
 * iPod, never inside the installed app, and never within 15 days of closing
 * (bannerShow holds the close time).
 */
export function installBannerState(opts: InstallBannerInput): 'install' | 'reminder' | null {
  if (isAppleMobile(opts.userAgent, opts.maxTouchPoints, opts.platform)) return null;
  if (opts.otherPrompt || opts.watching) return null;
  if (opts.standalone) return null;
  if (opts.bannerShow && closedWithin(opts.bannerShow, BANNER_HIDDEN_DAYS, opts.now)) return null;
  if (opts.installedAt)
    return closedWithin(opts.installedAt, INSTALL_REMINDER_DAYS, opts.now) ? null : 'reminder';
  return opts.engaged === false ? null : 'install';
}

/** Shown only off iPhone/iPad/iPod and while bannerShow is not set (or older than 15 days). */
export function shouldShowInstallBanner(opts: InstallBannerInput): boolean {
  return installBannerState(opts) !== null;
}

/** The shell's own keys: visits (a new tab or window counts once) and a first playback finished. */
export const VISITS_KEY = 'visits';
export const ENGAGED_KEY = 'engagedAt';
const VISIT_SESSION_KEY = 'sf-visit-counted';

/** Counts this visit once (per tab session) and answers how many visits this browser has made. */
export function countVisit(storage: Storage, session: Storage): number {
  const before = Number(storage.getItem(VISITS_KEY)) || 0;
  if (session.getItem(VISIT_SESSION_KEY)) return Math.max(before, 1);
  session.setItem(VISIT_SESSION_KEY, '1');
  storage.setItem(VISITS_KEY, String(before + 1));
  return before + 1;
}

/** Engaged: a second visit, or a playback watched to its end (recorded when it happens). */
export const isEngaged = (visits: number, engagedAt: string | null): boolean =>
  visits >= 2 || engagedAt !== null;
