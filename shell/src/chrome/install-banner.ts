/** Install banner rules of spec §5 and §9. */
export const BANNER_HIDDEN_DAYS = 15;
export const INSTALL_REMINDER_DAYS = 90;
const DAY_MS = 86_400_000;

export function isAppleMobile(userAgent: string, maxTouchPoints = 0, platform = ''): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  // iPadOS 13+ reports itself as a Mac; touch points give it away.
  return platform === 'MacIntel' && maxTouchPoints > 1;
}

/**
 * Shown only off iPhone/iPad/iPod and while bannerShow is not set; closing
 * sets bannerShow (the close time), which hides it for 15 days.
 */
export function shouldShowInstallBanner(opts: {
  userAgent: string;
  bannerShow: string | null;
  now: number;
  maxTouchPoints?: number;
  platform?: string;
}): boolean {
  if (isAppleMobile(opts.userAgent, opts.maxTouchPoints, opts.platform)) return false;
  if (!opts.bannerShow) return true;
  const closedAt = Date.parse(opts.bannerShow);
  // A legacy or corrupt value ("true") counts as closed just now: never nag on bad data.
  if (Number.isNaN(closedAt)) return false;
  return opts.now - closedAt >= BANNER_HIDDEN_DAYS * DAY_MS;
}
