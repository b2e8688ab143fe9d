import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { registerViewer, signIn } from './support/api';

/**
 * Watching: real HLS playback in Chromium, resume, continue watching, series flow,
 * entitlement redirects and the keyboard. Each test signs up its own viewer so watch
 * history never leaks between tests.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01)
const FREE_SERIES = 't-0088'; // Wildfire Season: S1E1 feature-01, S1E2 feature-02
const PREMIUM_MOVIE = 't-0037'; // Dandelion Republic
const api = (p: string) => `${E2E.apiUrl}/v1${p}`;

const currentTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function expectPlaying(page: Page) {
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
}

test.beforeAll(async () => {
  // In a fresh checkout the API generates the media during the run: wait for the clips these tests play.
  test.setTimeout(8 * 60_000);
  for (const path of [
    `/playback/${FREE_MOVIE}`,
    `/playback/${FREE_SERIES}?episodeId=e-0088-1-02`,
  ]) {
    for (;;) {
      const res = await fetch(api(path));
      if (res.status !== 503) break;
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
});

test('a guest presses Play on a free movie and it really plays', async ({ page }) => {
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expect(page.getByRole('heading', { level: 1, name: /Watch/ })).toBeVisible();
  await expectPlaying(page);
  await expect(page.getByRole('button', { name: /^Quality: Auto/ })).toBeVisible();
});

test('resumes at the saved position after leaving, and the movie shows in continue watching', async ({
  page,
}) => {
  const viewer = await registerViewer('watcher');
  await signIn(page, viewer);
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  // Jump to 40 s, let it play a moment, then leave the screen.
  await page.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime = 40));
  await expect.poll(() => currentTime(page)).toBeGreaterThan(41);
  const logged = page.waitForRequest(
    (r) => r.url().includes(`/titles/createLog/${FREE_MOVIE}`) && r.method() === 'POST',
  );
  await page.getByRole('link', { name: /^Back to/ }).click();
  await logged;

  await expect
    .poll(async () => {
      const res = await fetch(api('/users/dashboard'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${viewer.token}`, 'Content-Type': 'application/json' },
        body: '{}',
      });
      const body = (await res.json()) as {
        data: { continueWatching: { movies: Array<{ id: string }> } };
      };
      return body.data.continueWatching.movies.map((m) => m.id);
    })
    .toContain(FREE_MOVIE);

  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(40);
  expect(await currentTime(page)).toBeLessThan(60);
});

test('steps to the next episode of a series', async ({ page }) => {
  const viewer = await registerViewer('watcher');
  await signIn(page, viewer);
  await page.goto(`/watch/${FREE_SERIES}/${FREE_SERIES}/0/0`);
  // The API picks the first episode and the URL names it.
  await expect(page).toHaveURL(
    new RegExp(`/watch/${FREE_SERIES}/${FREE_SERIES}/s-0088-1/e-0088-1-01$`),
  );
  await expect(page.getByText('S1 E1')).toBeVisible();
  await expectPlaying(page);
  // Near the end the next-episode overlay offers the next one.
  await page.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 8));
  const overlay = page.getByRole('region', { name: 'Next episode' });
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: 'Play next episode' }).click();
  await expect(page).toHaveURL(new RegExp(`/e-0088-1-02$`));
  await expect(page.getByText('S1 E2')).toBeVisible();
  await expectPlaying(page);
  await page.getByTestId('video-player').hover();
  await page.getByRole('button', { name: 'Previous episode: S1 E1' }).click();
  await expect(page).toHaveURL(new RegExp(`/e-0088-1-01$`));
});

test('a premium title without a subscription sends a signed-in viewer to the paywall', async ({
  page,
}) => {
  await signIn(page, await registerViewer('watcher'));
  await page.goto(`/watch/${PREMIUM_MOVIE}/${PREMIUM_MOVIE}/0/0`);
  await expect(page.getByRole('alert')).toContainText('premium title');
  await expect(page).toHaveURL(/\/paywall$/);
});

test('a premium title sends a guest to premium', async ({ page }) => {
  await page.goto(`/watch/${PREMIUM_MOVIE}/${PREMIUM_MOVIE}/0/0`);
  await expect(page.getByRole('alert')).toContainText('Sign in and subscribe');
  await expect(page).toHaveURL(/\/premium$/);
});

test('play/pause and seek from the keyboard', async ({ page }) => {
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  const player = page.getByTestId('video-player');
  await player.focus();
  await page.keyboard.press('k');
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(true);
  const before = await currentTime(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 9);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(page)).toBeLessThan(before + 1);
  await page.keyboard.press(' ');
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(false);
  // "?" lists the shortcuts.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  // Every control is reachable by Tab with a name.
  await player.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('slider', { name: 'Seek' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
});

test('hovering the seek bar previews the frame at that time, and so does seeking by keyboard', async ({
  page,
}) => {
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  // The sprite sheet is fetched once playback has started, before any hover. Read from the
  // page's resource timing: the app's service worker may answer it, which a page-level
  // response listener does not always see.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((e) => /\/trickplay\/sprite-00\.jpg$/.test(e.name)),
      ),
    )
    .toBe(true);
  const preview = page.getByTestId('seek-preview');
  await expect(preview).toHaveCount(0);

  const seek = page.getByRole('slider', { name: 'Seek' });
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await expect(preview).toBeVisible();
  // feature-01 lasts 96 s: the middle of the bar is about 0:48.
  await expect(page.getByTestId('seek-preview-time')).toHaveText(/^0:4[6-9]$/);
  const frame = page.getByTestId('seek-preview-frame');
  const look = await frame.evaluate(async (el) => {
    const style = getComputedStyle(el);
    const url = /url\("?([^")]+)"?\)/.exec(style.backgroundImage)?.[1] ?? '';
    const image = new Image();
    image.src = url;
    await image.decode();
    return {
      url,
      position: style.backgroundPosition,
      width: el.getBoundingClientRect().width,
      sheet: image.naturalWidth,
    };
  });
  // Signed like every media file: /media/s/<token>/<title>/feature-01/...
  expect(look.url).toMatch(/\/media\/s\/[^/]+\/[^/]+\/feature-01\/trickplay\/sprite-00\.jpg$/);
  // One tile every 2 s, ten to a row: 0:46–0:49 are tiles 23–24, on the third row.
  expect(look.position).toMatch(/^-(480|640)px -180px$/);
  expect(look.width).toBeGreaterThanOrEqual(160);
  expect(look.sheet).toBe(1600);
  // Nothing above the bar moves when the preview shows.
  expect(await seek.boundingBox()).toEqual(box);

  await page.mouse.move(box.x + box.width * 0.5, box.y - 150);
  await expect(preview).toHaveCount(0);

  const player = page.getByTestId('video-player');
  await player.focus();
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowRight');
  // Read in the page the moment it shows: the keyboard preview only stays for a moment.
  const seen = await page.waitForFunction(() => {
    const shown = document.querySelector('[data-testid="seek-preview-time"]');
    const tile = document.querySelector<HTMLElement>('[data-testid="seek-preview-frame"]');
    const video = document.querySelector('video');
    return shown && tile && video
      ? { label: shown.textContent, image: tile.style.backgroundImage, at: video.currentTime }
      : null;
  });
  const { label, image, at } = (await seen.jsonValue())!;
  expect(label).toBe(`0:${String(Math.floor(at)).padStart(2, '0')}`);
  expect(image).toMatch(/sprite-00\.jpg/);
  // The keyboard preview goes away by itself.
  await expect(preview).toHaveCount(0, { timeout: 3000 });
});

test('on a phone, dragging the seek bar with a finger previews frames inside the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  const box = (await page.getByRole('slider', { name: 'Seek' }).boundingBox())!;
  const y = box.y + box.height / 2;
  // Real touch input (Chromium's), so the bar sees touch pointers as a phone would send them.
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: x === undefined ? [] : [{ x, y }],
    });
  await touch('touchStart', box.x + box.width * 0.2);
  await touch('touchMove', box.x + box.width * 0.6);
  await touch('touchMove', box.x + box.width * 0.95);
  const preview = page.getByTestId('seek-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('seek-preview-frame')).toHaveCSS(
    'background-image',
    /trickplay\/sprite-00\.jpg/,
  );
  const shown = (await preview.boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(0);
  expect(shown.x + shown.width).toBeLessThanOrEqual(360);
  await touch('touchEnd');
  await expect(preview).toHaveCount(0);
});

test('the player has the keyboard on arrival from a typed URL: no click first', async ({
  page,
}) => {
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  await expect(page.getByTestId('video-player')).toBeFocused();
  await page.keyboard.press('k');
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.paused))
    .toBe(true);
  await expect(page).toHaveTitle(/^Watching .+ · Streamflix$/);
});

test('a remapped shortcut works, a conflicting one is refused, and reset restores the defaults', async ({
  page,
}) => {
  // Two page loads of real playback on a shared CI machine.
  test.setTimeout(150_000);
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.getByRole('button', { name: 'Change the key for Back 10 seconds' }).click();
  await page.keyboard.press('k');
  await expect(dialog.getByRole('alert')).toContainText('K is already used for “Play or pause”');
  await page.keyboard.press('j');
  await expect(dialog.getByRole('status')).toContainText('Back 10 seconds: now J');
  // The ? dialog lists the current mapping.
  await expect(dialog.getByRole('definition').filter({ hasText: 'Back 10 seconds' })).toBeVisible();
  await expect(dialog.locator('dt', { hasText: 'J' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Kept on this device: after a reload J still seeks back and ← no longer does.
  await page.reload();
  await expectPlaying(page);
  const player = page.getByTestId('video-player');
  await player.focus();
  await page.keyboard.press('k');
  await page.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime = 40));
  await page.keyboard.press('j');
  await expect.poll(() => currentTime(page)).toBeLessThan(31);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(page)).toBeGreaterThan(29);

  await page.keyboard.press('?');
  await dialog.getByRole('button', { name: 'Reset shortcuts to defaults' }).click();
  await page.keyboard.press('Escape');
  await player.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(page)).toBeLessThan(21);
});

test('subtitles can be read out to screen readers through a live region', async ({ page }) => {
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.getByRole('checkbox', { name: 'Read subtitles out to screen readers' }).check();
  await page.keyboard.press('Escape');
  await page.getByTestId('video-player').focus();
  await page.keyboard.press('c');
  const live = page.getByTestId('caption-announcer');
  await expect(live).toHaveAttribute('aria-live', 'polite');
  await expect(live).not.toBeEmpty({ timeout: 30_000 });
});

for (const width of [1280, 360]) {
  test(`the remaining time stays readable on a white frame (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
    await expectPlaying(page);
    await page.keyboard.press('k');
    // The brightest possible frame behind the controls.
    await page.locator('video').evaluate((v: HTMLVideoElement) => {
      v.style.visibility = 'hidden';
      v.parentElement!.style.background = '#fff';
    });
    const label = page.getByTestId('player-controls').getByText(/^-\d+:\d\d/);
    const png = (await label.screenshot()).toString('base64');
    const ratio = await page.evaluate(async (data) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, img.width, img.height).data;
      const lin = (v: number) =>
        v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4;
      let min = 1;
      let max = 0;
      for (let i = 0; i < px.length; i += 4) {
        const l = 0.2126 * lin(px[i]!) + 0.7152 * lin(px[i + 1]!) + 0.0722 * lin(px[i + 2]!);
        min = Math.min(min, l);
        max = Math.max(max, l);
      }
      // Text against its backing: the brightest (text) and darkest (backing) pixels of the label.
      return (max + 0.05) / (min + 0.05);
    }, png);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
}

test('on a phone the control bar does not cover the picture', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  const video = (await page.locator('video').boundingBox())!;
  const bar = (await page.getByTestId('player-controls').boundingBox())!;
  const overlap = Math.max(
    0,
    Math.min(video.y + video.height, bar.y + bar.height) - Math.max(video.y, bar.y),
  );
  expect(overlap / video.height).toBeLessThan(0.1);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeInViewport();
});

test('a network drop during playback recovers by itself when the network returns', async ({
  page,
  context,
}) => {
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expectPlaying(page);
  // Go offline and jump past what is buffered, so the player must fetch segments it cannot get.
  await context.setOffline(true);
  await page.locator('video').evaluate((v: HTMLVideoElement) => (v.currentTime = 70));
  await expect(page.getByRole('status', { name: 'Buffering' })).toBeVisible();
  await context.setOffline(false);
  // No click, no reload: playback continues from where the viewer was.
  await expect.poll(() => currentTime(page), { timeout: 45_000 }).toBeGreaterThan(71);
  await expect(page.getByTestId('video-player').getByRole('alert')).toHaveCount(0);
});
