import { expect, test, type Page } from '@playwright/test';
import { holdShellEntry, loadedWatchArtwork } from './support/shell-entry';

/**
 * A typed or shared watch link plays before the app has arrived (issue 36): the page's HTML loads
 * the player's early engine (mf-player src/early, `early-engine.js`), which starts the video in a
 * stage outside the app's root while the shell's boot is held; the player then takes the same
 * element and its hls.js over (use-video-element.ts), and the picture plays on.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01)
const WATCH = `/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`;

const earlyVideo = (page: Page) => page.locator('#sf-early-stage video');
const playerVideo = (page: Page) => page.locator('[data-testid="video-player"] video');
const timeOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((v: HTMLVideoElement) => v.currentTime);

test('the video plays before any app code has run, and the player takes the same one over', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  const masters: string[] = [];
  const workerFetches: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/master.m3u8')) masters.push(r.url());
    if (r.url().endsWith('/hls-worker.js')) workerFetches.push(r.url());
  });
  // Nothing of the shell runs until released: what plays is the HTML's and the engine's.
  const release = await holdShellEntry(page);
  await page.goto(WATCH, { waitUntil: 'commit' });
  await expect(await loadedWatchArtwork(page)).toBeVisible();
  await expect
    .poll(() => timeOf(page, '#sf-early-stage video'), { timeout: 60_000 })
    .toBeGreaterThan(0.3);
  await expect(page.locator('[data-testid="video-player"]')).toHaveCount(0);
  // Its segments are demuxed and remuxed in a worker (the build's hls-worker.js), off the page's
  // main thread: one worker, started from this page's origin.
  expect(workerFetches).toEqual([expect.stringMatching(/:\d+\/hls-worker\.js$/)]);
  expect(page.workers().map((w) => w.url())).toEqual([expect.stringMatching(/^blob:/)]);
  // The picture is where the loading screen's artwork is (and the player's will be).
  const artworkBox = await page.locator('#root .sfw-stage').boundingBox();
  const earlyBox = await earlyVideo(page).boundingBox();
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(earlyBox![k] - artworkBox![k])).toBeLessThanOrEqual(2);

  // Before the app, the keyboard and a click already pause and play.
  await page.keyboard.press('Space');
  await expect.poll(() => earlyVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await earlyVideo(page).click();
  await expect.poll(() => earlyVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await earlyVideo(page).evaluate((v) => {
    (v as HTMLVideoElement & { __early?: true }).__early = true;
  });

  release();
  await expect(playerVideo(page)).toHaveCount(1, { timeout: 60_000 });
  // The same element, moved while it played: not a second video, not a second start.
  expect(
    await playerVideo(page).evaluate((v) => (v as HTMLVideoElement & { __early?: true }).__early),
  ).toBe(true);
  await expect(page.locator('video')).toHaveCount(1);
  await expect(page.locator('#sf-early-stage')).toHaveCount(0);
  const playerBox = await playerVideo(page).boundingBox();
  for (const k of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(playerBox![k] - earlyBox![k])).toBeLessThanOrEqual(2);
  const before = await timeOf(page, '[data-testid="video-player"] video');
  await expect
    .poll(() => timeOf(page, '[data-testid="video-player"] video'))
    .toBeGreaterThan(before + 0.5);
  expect(new Set(masters).size).toBe(1);
  // The player took the engine's hls.js over with its worker: no second one, no second download.
  expect(page.workers()).toHaveLength(1);
  expect(workerFetches).toHaveLength(1);

  // The player's own controls drive it now.
  await page.getByRole('button', { name: /^Pause/ }).click();
  await expect.poll(() => playerVideo(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(page.getByRole('button', { name: /^Play/ }).first()).toBeVisible();
});

test('without the transmuxer worker (a build without it, a failed download) the video plays all the same', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  await page.route('**/hls-worker.js', (r) => r.fulfill({ status: 404, body: 'not found' }));
  await page.goto(WATCH);
  await expect
    .poll(() => timeOf(page, '[data-testid="video-player"] video'), { timeout: 60_000 })
    .toBeGreaterThan(1);
  // Transmuxed in the page, as hls.js did before it had a worker.
  expect(page.workers()).toHaveLength(0);
});

test('without the engine (an older player, a failed download) the page starts as before', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  await page.route(/\/early-engine\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto(WATCH);
  await expect(playerVideo(page)).toHaveCount(1, { timeout: 60_000 });
  await expect
    .poll(() => timeOf(page, '[data-testid="video-player"] video'), { timeout: 60_000 })
    .toBeGreaterThan(0.3);
  await expect(page.locator('#sf-early-stage')).toHaveCount(0);
});

test('an engine that breaks does not hold the page: the app starts and the player plays', async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  await page.route(/\/early-engine\.js$/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("x")' }),
  );
  await page.goto(WATCH);
  await expect
    .poll(() => timeOf(page, '[data-testid="video-player"] video').catch(() => 0), {
      timeout: 60_000,
    })
    .toBeGreaterThan(0.3);
});

test("a refused session plays nothing early: a guest's premium title ends on Premium, no media fetched", async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  const media: string[] = [];
  page.on('request', (r) => {
    if (/\.(m3u8|ts)$/.test(new URL(r.url()).pathname)) media.push(r.url());
  });
  await page.goto('/watch/t-0037/t-0037/0/0');
  await expect(page).toHaveURL(/\/premium/, { timeout: 60_000 });
  await expect(page.locator('#sf-early-stage')).toHaveCount(0);
  expect(media).toEqual([]);
});
