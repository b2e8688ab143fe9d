import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { expectPseudoLocale, textLayoutProblems } from './support/text-layout';

/**
 * The core journeys in the pseudo-locale (issue 37, point 7): every message 40% longer, accented and
 * wrapped in bidi markers (docs/i18n.md), at a phone and a desktop width. No text may be clipped,
 * cut by an ellipsis that hides it from everyone, or lie over another text. A remote whose messages
 * are not converted yet shows English here, so its screens are measured with their English text.
 */

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface Journey {
  name: string;
  url: string;
  /** What to do once the screen is ready (open a panel). */
  then?: (page: Page) => Promise<void>;
}

const GUEST: Journey[] = [
  { name: 'the guest home', url: '/' },
  { name: 'a title page', url: '/movie/movie/t-0001' },
  { name: 'sign-in', url: '/login' },
  { name: 'the plans page', url: '/subscription' },
];

const SIGNED_IN: Journey[] = [
  { name: 'the signed-in home', url: '/' },
  {
    name: 'Explore with its filters open',
    url: '/explore',
    then: async (page) => {
      const filters = page.locator('button[aria-controls="explore-filters"]');
      await filters.click();
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('#explore-filters button').first()).toBeVisible();
    },
  },
  { name: 'My List', url: '/my-list' },
  { name: 'the account settings', url: '/general' },
  { name: 'the plans page, signed in', url: '/subscription' },
  { name: 'the watch page', url: '/watch/t-0001/t-0001/0/0' },
];

/** The screen's h1 is there and nothing on screen is still loading (the pseudo-locale's labels too). */
async function screenReady(page: Page) {
  await expect(page.locator('#main-content h1').first()).toBeAttached({ timeout: 45_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#main-content [aria-busy="true"]')].every(
        (el) => el.getBoundingClientRect().top > innerHeight,
      ),
    undefined,
    { timeout: 45_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function check(page: Page, journey: Journey) {
  await page.goto(journey.url);
  await screenReady(page);
  await journey.then?.(page);
  await expectPseudoLocale(page);
  const problems = await textLayoutProblems(page);
  const report = problems.map(
    (p) =>
      `${p.kind} on ${journey.url}: "${p.text}"${p.other ? ` over "${p.other}"` : ''}  (${p.where})`,
  );
  expect(report, `text that does not fit on ${journey.url} (${journey.name})`).toEqual([]);
}

/** The pseudo-locale is an explicit choice on the device (docs/i18n.md), and wins over the profile. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en-XA')));
});

for (const viewport of WIDTHS) {
  test.describe(`pseudo-locale at ${viewport.width} px, guest`, () => {
    test.use({ viewport });
    for (const journey of GUEST) {
      test(`${journey.name} (${journey.url})`, async ({ page }) => {
        await check(page, journey);
      });
    }
  });

  test.describe(`pseudo-locale at ${viewport.width} px, signed in`, () => {
    test.use({ viewport, storageState: E2E.authFile });
    for (const journey of SIGNED_IN) {
      test(`${journey.name} (${journey.url})`, async ({ page }) => {
        // The player starts a stream; the home measures every text of its rails.
        test.slow(journey.url.startsWith('/watch/') || journey.url === '/');
        await check(page, journey);
      });
    }
  });
}
