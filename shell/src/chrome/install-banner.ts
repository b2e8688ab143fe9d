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
  if (opts.standalone) return null;
  if (opts.bannerShow && closedWithin(opts.bannerShow, BANNER_HIDDEN_DAYS, opts.now)) return null;
  if (opts.installedAt)
    return closedWithin(opts.installedAt, INSTALL_REMINDER_DAYS, opts.now) ? null : 'reminder';
  return 'install';
}

/** Shown only off iPhone/iPad/iPod and while bannerShow is not set (or older than 15 days). */
export function shouldShowInstallBanner(opts: InstallBannerInput): boolean {
  return installBannerState(opts) !== null;
}
