import {
  installBannerState,
  shouldShowInstallBanner,
  countVisit,
  isEngaged,
} from './install-banner';

const DAY = 86_400_000;
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36';
const now = Date.parse('2026-11-21T12:00:00Z');

it('shows on devices that are not an iPhone, iPad or iPod while bannerShow is unset', () => {
  expect(shouldShowInstallBanner({ userAgent: chrome, bannerShow: null, now })).toBe(true);
});

it('never shows on iPhone, iPad, iPod or iPadOS', () => {
  for (const ua of [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)',
    'Mozilla/5.0 (iPad; CPU OS 16_0)',
    'Mozilla/5.0 (iPod touch)',
  ]) {
    expect(shouldShowInstallBanner({ userAgent: ua, bannerShow: null, now })).toBe(false);
  }
  expect(
    shouldShowInstallBanner({
      userAgent: 'Mozilla/5.0 (Macintosh)',
      bannerShow: null,
      now,
      platform: 'MacIntel',
      maxTouchPoints: 5,
    }),
  ).toBe(false);
});

it('stays hidden for 15 days after being closed', () => {
  const closed = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
  expect(shouldShowInstallBanner({ userAgent: chrome, bannerShow: closed(1), now })).toBe(false);
  expect(shouldShowInstallBanner({ userAgent: chrome, bannerShow: closed(14.9), now })).toBe(false);
  expect(shouldShowInstallBanner({ userAgent: chrome, bannerShow: closed(15), now })).toBe(true);
});

it('treats a legacy or corrupt bannerShow value as closed', () => {
  expect(shouldShowInstallBanner({ userAgent: chrome, bannerShow: 'true', now })).toBe(false);
});

describe('after the app was installed', () => {
  const installed = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();

  it('offers nothing for 90 days, then shows the reminder', () => {
    const state = (days: number) =>
      installBannerState({
        userAgent: chrome,
        bannerShow: null,
        now,
        installedAt: installed(days),
      });
    expect(state(0)).toBeNull();
    expect(state(89.9)).toBeNull();
    expect(state(90)).toBe('reminder');
    expect(installBannerState({ userAgent: chrome, bannerShow: null, now })).toBe('install');
  });

  it('a closed reminder stays closed for 15 days like the banner', () => {
    expect(
      installBannerState({
        userAgent: chrome,
        bannerShow: new Date(now - 3 * DAY).toISOString(),
        now,
        installedAt: installed(120),
      }),
    ).toBeNull();
  });

  it('never shows inside the installed app, nor the reminder on an iPhone', () => {
    expect(
      installBannerState({ userAgent: chrome, bannerShow: null, now, standalone: true }),
    ).toBeNull();
    expect(
      installBannerState({
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)',
        bannerShow: null,
        now,
        installedAt: installed(200),
      }),
    ).toBeNull();
  });
});

describe('one prompt at a time, and only after engagement (issue 25)', () => {
  const base = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150',
    bannerShow: null,
    now: Date.now(),
  };
  it('waits for engagement, for the consent sheet to be answered, and never shows on the watch page', () => {
    expect(installBannerState({ ...base, engaged: false })).toBeNull();
    expect(installBannerState({ ...base, engaged: true })).toBe('install');
    expect(installBannerState({ ...base, engaged: true, otherPrompt: true })).toBeNull();
    expect(installBannerState({ ...base, engaged: true, watching: true })).toBeNull();
  });
  it('counts a visit once per tab session; a second visit or a finished playback is engagement', () => {
    const local = new Map<string, string>();
    const storage = (m: Map<string, string>) =>
      ({
        getItem: (k: string) => m.get(k) ?? null,
        setItem: (k: string, v: string) => void m.set(k, v),
      }) as Storage;
    const firstTab = storage(new Map());
    expect(countVisit(storage(local), firstTab)).toBe(1);
    expect(countVisit(storage(local), firstTab)).toBe(1);
    expect(isEngaged(1, null)).toBe(false);
    expect(countVisit(storage(local), storage(new Map()))).toBe(2);
    expect(isEngaged(2, null)).toBe(true);
    expect(isEngaged(1, '2026-11-26T10:00:00Z')).toBe(true);
  });
});
