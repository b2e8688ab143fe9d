import { expect, test, type Page } from '@playwright/test';

// A first visit on each device: no banner choice stored yet.
test.use({ storageState: { cookies: [], origins: [] } });

const DAY = 86_400_000;
const start = new Date('2026-11-23T10:00:00Z');
const banner = (page: Page) => page.getByRole('complementary', { name: 'Install the app' });

/**
 * The offer waits for engagement (issue 25): a first visit shows one prompt, the consent sheet, and no
 * offer; the viewer answers it and comes back in a new tab (a second visit), which shows the offer.
 */
async function secondVisit(page: Page): Promise<Page> {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Help us improve Streamflix?' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Streamflix home' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const next = await page.context().newPage();
  await page.close();
  return next;
}

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('the install banner is never shown', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Streamflix home' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });
});

test('on a desktop the banner shows on a second visit (never on the watch page), closing hides it for 15 days, then it is back', async ({
  page: first,
}) => {
  await first.clock.install({ time: start });
  const page = await secondVisit(first);
  await page.goto('/watch/t-0001/t-0001/0/0');
  await expect(page.getByRole('heading', { level: 1, name: /Watch/ })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await page.getByRole('button', { name: 'Close install banner' }).click();
  await expect(banner(page)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Streamflix home' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await page.clock.setSystemTime(new Date(start.getTime() + 14 * DAY));
  await page.reload();
  await expect(page.getByRole('link', { name: 'Streamflix home' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await page.clock.setSystemTime(new Date(start.getTime() + 15 * DAY + 60_000));
  await page.reload();
  await expect(banner(page)).toBeVisible();
});

test('the app is installable: manifest, service worker and an offline page', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestUrl!)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192' }),
      expect.objectContaining({ sizes: '512x512' }),
    ]),
  );
  // The worker takes control after first paint; then the network can go.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 20_000,
    })
    .toBe(true);
  await context.setOffline(true);
  await page.goto('/explore-some-page-never-visited');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
});

test('90 days after the app was installed, a reminder replaces the offer', async ({
  page: first,
}) => {
  await first.clock.install({ time: start });
  const page = await secondVisit(first);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  // What Chromium fires when the viewer installs the app.
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await page.reload();
  await expect(page.getByRole('link', { name: 'Streamflix home' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await page.clock.setSystemTime(new Date(start.getTime() + 89 * DAY));
  await page.reload();
  await expect(page.getByRole('link', { name: 'Streamflix home' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Streamflix app reminder' })).toHaveCount(0);

  await page.clock.setSystemTime(new Date(start.getTime() + 90 * DAY + 60_000));
  await page.reload();
  const reminder = page.getByRole('complementary', { name: 'Streamflix app reminder' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'Close app reminder' }).click();
  await expect(reminder).toHaveCount(0);
});
