import { expect, test, type Page, type Request } from '@playwright/test';

/**
 * Time to first frame starts on the title page: pointing at or focusing Play starts the
 * playback session and warms the stream before the click, and the watch screen uses that
 * session instead of asking again. Entitlement still decides: a guest's premium title warms
 * no stream and ends on Premium.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01)
const PREMIUM_MOVIE = 't-0037'; // Dandelion Republic

function record(page: Page) {
  const seen: string[] = [];
  page.on('request', (r: Request) => seen.push(new URL(r.url()).pathname));
  return seen;
}

test('pointing at Play warms the session and the segment playback starts with; the click plays from them', async ({
  page,
}) => {
  await page.goto(`/movie/movie/${FREE_MOVIE}`);
  const play = page.getByRole('link', { name: /^Play: / });
  await expect(play).toBeVisible();
  const seen = record(page);
  const session = page.waitForRequest((r) => r.url().includes(`/v1/playback/${FREE_MOVIE}`));
  // The segment at the viewer's resume point (other specs may have watched this title): any segment.
  const segment = page.waitForRequest((r) => /\/seg-\d{3}\.ts$/.test(r.url()));

  await play.hover();
  await session;
  await segment;
  expect(page.url()).toContain(`/movie/movie/${FREE_MOVIE}`);

  await play.click();
  await expect(page).toHaveURL(new RegExp(`/watch/${FREE_MOVIE}/`));
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 30_000,
    })
    .toBeGreaterThan(1);
  // The screen took the session started on hover: one playback request for the whole journey.
  expect(seen.filter((p) => p === `/v1/playback/${FREE_MOVIE}`)).toHaveLength(1);
});

test("focusing a premium title's Play as a guest warms no stream, and Play leads to Premium", async ({
  page,
}) => {
  await page.goto(`/movie/movie/${PREMIUM_MOVIE}`);
  const play = page.getByRole('link', { name: /^Play: / });
  await expect(play).toBeVisible();
  const seen = record(page);
  const refused = page.waitForResponse((r) => r.url().includes(`/v1/playback/${PREMIUM_MOVIE}`));

  await play.focus();
  expect((await refused).status()).toBe(401);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/premium/, { timeout: 15_000 });
  expect(seen.filter((p) => p.endsWith('.m3u8') || p.endsWith('.ts'))).toEqual([]);
});
