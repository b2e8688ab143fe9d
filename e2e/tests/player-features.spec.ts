import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { registerViewer, signIn } from './support/api';

/**
 * Issue 28, through the controls a viewer uses: the language they hear, captions they shape
 * and re-time, chapters, what the player is doing, and why a stream will not play.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01, 96 s)
const WATCH = `/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`;
const api = (p: string) => `${E2E.apiUrl}/v1${p}`;

// The player's (a typed link's early picture plays before it: early-playback.spec.ts).
const video = (page: Page) => page.locator('[data-testid="video-player"] video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
const isPaused = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.paused);
const liveRegion = (page: Page) =>
  page.getByTestId('video-player').locator('[aria-live="polite"]').first();

async function expectPlaying(page: Page, after = 1) {
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(after);
}

async function pauseAt(page: Page, seconds: number) {
  await page.getByTestId('video-player').focus();
  if (!(await isPaused(page))) await page.keyboard.press('k');
  await expect.poll(() => isPaused(page)).toBe(true);
  await video(page).evaluate((v: HTMLVideoElement, t) => (v.currentTime = t), seconds);
}

test.beforeAll(async () => {
  test.setTimeout(8 * 60_000);
  for (;;) {
    const res = await fetch(api(`/playback/${FREE_MOVIE}`));
    if (res.status !== 503) break;
    await new Promise((r) => setTimeout(r, 3000));
  }
});

test('the viewer picks the audio they hear; it switches while playing and is remembered', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const audioRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/audio\/[^/]+\//.test(r.url())) audioRequests.push(r.url());
  });
  await page.goto(WATCH);
  await expectPlaying(page);
  // The original language starts: hls.js picked the group's default, nothing else was fetched.
  const audio = page.getByRole('button', { name: 'Audio: English' });
  await expect(audio).toBeVisible();
  expect(audioRequests.every((u) => u.includes('/audio/en/'))).toBe(true);

  await audio.click();
  const menu = page.getByRole('menu', { name: 'Audio' });
  await expect(menu.getByRole('menuitemradio')).toHaveText([
    /English$/,
    /Español/,
    /English \(audio description\)/,
  ]);
  const before = await currentTime(page);
  await menu.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'Audio: Español' })).toBeVisible();
  await expect(liveRegion(page)).toHaveText('Audio: Español');
  await expect.poll(() => audioRequests.some((u) => u.includes('/audio/es/'))).toBe(true);
  // No restart, no stall: playback carries on from where it was.
  await expectPlaying(page, before + 2);
  expect(await page.getByRole('status', { name: 'Loading video' }).count()).toBe(0);

  // Remembered for this profile (the device's until profiles exist), for English originals.
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('sf-player:preferences') ?? '{}'),
  );
  expect(stored.profiles.device.audio).toEqual({ en: { language: 'es', description: false } });
  await page.reload();
  await expectPlaying(page);
  await expect(page.getByRole('button', { name: 'Audio: Español' })).toBeVisible();
});

test('captions: the viewer shapes them with a live preview, kept per profile, and re-times them by 50 ms steps', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(WATCH);
  await expectPlaying(page);
  await page.getByTestId('video-player').focus();
  await page.keyboard.press('c');
  const captions = page.getByTestId('captions');
  await expect(captions).not.toBeEmpty({ timeout: 30_000 });

  await page.getByTestId('video-player').hover();
  await page.getByRole('button', { name: /^Settings/ }).click();
  await page.getByRole('menuitem', { name: 'Subtitle appearance and timing…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subtitle settings' });
  await expect(dialog).toBeVisible();
  const preview = dialog.getByTestId('caption-preview').locator('span').last();
  await expect(preview).toHaveCSS('color', 'rgb(255, 255, 255)');
  await dialog.getByRole('group', { name: 'Text colour' }).getByLabel('Yellow').check();
  await expect(preview).toHaveCSS('color', 'rgb(255, 235, 59)');
  await dialog.getByRole('group', { name: 'Text size' }).getByLabel('Extra large').check();
  await dialog.getByRole('group', { name: 'Background' }).getByLabel('None').check();
  await dialog.getByRole('group', { name: 'Font' }).getByLabel('Serif', { exact: true }).check();
  await expect(preview).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(preview).toHaveCSS('font-family', /Georgia/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expectPlaying(page);
  // Remembered: the subtitles are on again without asking (hls.js's own default used to undo it).
  await expect(captions).not.toBeEmpty({ timeout: 30_000 });
  await expect(captions.locator('span').first()).toHaveCSS('color', 'rgb(255, 235, 59)');

  // Timing. The first two cues are 1–4 s and 5–8 s: at 4.1 s nothing shows, unless the
  // subtitles are moved later by more than 100 ms.
  await pauseAt(page, 4.1);
  await expect(captions).toHaveCount(0);
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('h');
  await expect(liveRegion(page)).toHaveText('Subtitles 150 ms later');
  await expect(captions).toHaveText('[soft ambient music]');
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('g');
  await expect(liveRegion(page)).toHaveText('Subtitles in sync (0 ms)');
  await expect(captions).toHaveCount(0);
});

test('chapters: marks on the seek bar, the preview names them, Shift+arrow jumps between them', async ({
  page,
}) => {
  await page.goto(WATCH);
  await expectPlaying(page);
  const vtt = await (await fetch(api(`/playback/${FREE_MOVIE}/chapters.vtt`))).text();
  const starts = [...vtt.matchAll(/^(\d\d):(\d\d):(\d\d\.\d+) -->/gm)].map(
    (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
  );
  const titles = vtt
    .split('\n\n')
    .slice(1)
    .map((b) => b.trim().split('\n')[2]);
  expect(starts.length).toBeGreaterThan(1);
  await expect(page.getByTestId('chapter-marks').locator('span')).toHaveCount(starts.length - 1);

  // Hovering the middle of the bar names the chapter there.
  const seek = page.getByRole('slider', { name: 'Seek' });
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  const middle = starts.filter((s) => s <= 48).length - 1;
  await expect(page.getByTestId('seek-preview-chapter')).toHaveText(titles[middle]!);
  await page.mouse.move(box.x + box.width * 0.5, box.y - 150);

  await pauseAt(page, 1);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => currentTime(page)).toBeCloseTo(starts[1]!, 0);
  await expect(liveRegion(page)).toHaveText(`Chapter 2 of ${starts.length}: ${titles[1]}`);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => currentTime(page)).toBeCloseTo(starts[2]!, 0);
  // Back near a chapter's start goes to the one before.
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => currentTime(page)).toBeCloseTo(starts[1]!, 0);
  await expect(seek).toHaveAttribute('aria-valuetext', new RegExp(`chapter: ${titles[1]}$`));
});

test('stats overlay: a shortcut and a menu item show what the player is doing; read out on request', async ({
  page,
}) => {
  await page.goto(WATCH);
  await expectPlaying(page, 2);
  await page.getByTestId('video-player').focus();
  await page.keyboard.press('i');
  const stats = page.getByRole('region', { name: 'Playback stats' });
  await expect(stats).toBeVisible();
  const row = (label: string) =>
    stats
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(row('Rendition')).toHaveText(/^\d+p \(\d+ kbps\) \(Auto\)$/);
  await expect(row('Available')).toHaveText(/360p .*720p|720p .*360p/);
  // hls.js as built from its source (rspack.hls.ts), not the browser's own HLS it falls back to.
  await expect(row('Engine')).toHaveText('hls.js');
  await expect(row('Audio')).toHaveText('English (en)');
  await expect(row('Bandwidth estimate')).toHaveText(/\d.*(kbps|Mbps)$/);
  // A typed link's start-up counts the page's whole boot: over a second formats as "1,234 ms".
  await expect(row('Start-up time')).toHaveText(/^\d{1,3}(,\d{3})* ms$/);
  await expect(row('Stalls')).toHaveText(/^\d+$/);
  await expect(row('Last segment')).toHaveText(/^\d+p\/seg-\d{3}\.ts$/);
  await expect(row('CDN host')).toHaveText(`localhost:${E2E.ports.api}`);

  await stats.getByRole('button', { name: 'Read out' }).click();
  await expect(liveRegion(page)).toContainText('Playback stats. Rendition:');
  await stats.getByRole('button', { name: 'Close stats' }).click();
  await expect(stats).toBeHidden();

  await page.getByTestId('video-player').hover();
  await page.getByRole('button', { name: /^Settings/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Playback stats' }).click();
  await expect(stats).toBeVisible();
});

test.describe('the player explains why a stream will not play', () => {
  test('a browser that cannot decode the codecs: which codec, what to try', async ({ page }) => {
    // Chromium without H.264 Main/High (as some Linux builds ship): every rendition is refused.
    await page.addInitScript(() => {
      const original = MediaSource.isTypeSupported.bind(MediaSource);
      MediaSource.isTypeSupported = (type: string) =>
        !/avc1\.(4d|64)/i.test(type) && original(type);
    });
    await page.goto(WATCH);
    const alert = page.getByTestId('video-player').getByRole('alert');
    await expect(alert).toContainText('Your browser can’t decode this video.');
    await expect(alert).toContainText('H.264 video (High profile) — avc1.64001f');
    await expect(alert).toContainText('Try an up-to-date Chrome, Edge, Firefox or Safari');
  });

  test('the network drops: we say so and retry; it recovers by itself', async ({
    page,
    context,
  }) => {
    await page.goto(WATCH);
    await expectPlaying(page);
    await context.setOffline(true);
    await video(page).evaluate((v: HTMLVideoElement) => (v.currentTime = 70));
    const banner = page.getByTestId('reconnect-banner');
    await expect(banner).toContainText('You’re offline');
    await context.setOffline(false);
    await expectPlaying(page, 71);
    await expect(banner).toHaveCount(0);
  });

  test('the stream is missing on the server', async ({ page }) => {
    await page.route('**/feature-01/master.m3u8', (route) =>
      route.fulfill({ status: 404, body: 'not found' }),
    );
    await page.goto(WATCH);
    const alert = page.getByTestId('video-player').getByRole('alert');
    await expect(alert).toContainText('This video isn’t on our servers right now.');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  const apiAnswer = (status: number, body: object, headers: Record<string, string> = {}) => ({
    status,
    contentType: 'application/json',
    headers: {
      'access-control-allow-origin': E2E.shellUrl,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'Retry-After',
      ...headers,
    },
    body: JSON.stringify(body),
  });

  test('the server is preparing the video: the expected time, and it starts by itself', async ({
    page,
  }) => {
    let preparing = true;
    await page.route(`**/v1/playback/${FREE_MOVIE}`, (route) =>
      preparing
        ? route.fulfill(
            apiAnswer(
              503,
              { status: false, message: 'This video is still being prepared on the server.' },
              { 'retry-after': '30' },
            ),
          )
        : route.fallback(),
    );
    await page.goto(WATCH);
    const notice = page.getByRole('status').filter({ hasText: 'Getting this video ready…' });
    await expect(notice).toContainText('Expected to be ready in about 30 seconds.');
    await expect(notice).toContainText('It will start by itself');
    preparing = false;
    await expectPlaying(page);
  });

  test('a title above the profile’s maturity limit says so and what to do', async ({ page }) => {
    await page.route(`**/v1/playback/${FREE_MOVIE}`, (route) =>
      route.fulfill(
        apiAnswer(403, {
          status: false,
          message: 'Not for this profile.',
          errors: { entitlement: 'maturity_ceiling', maturity: '18+' },
        }),
      ),
    );
    await page.goto(WATCH);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('rated 18+, above this profile’s limit');
    await expect(alert).toContainText('Ask the account owner');
    await expect(alert.getByRole('link', { name: 'Back to home' })).toBeVisible();
  });

  test('the session ended on another device: playback stops and the viewer learns why', async ({
    page,
  }) => {
    const viewer = await registerViewer('elsewhere');
    await signIn(page, viewer);
    await page.goto(WATCH);
    await expectPlaying(page);
    // "Sign out of all devices" from somewhere else.
    const res = await fetch(api('/auth/logout-all'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${viewer.token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.ok).toBe(true);
    // The notification stream may tell the player first (it ends with the session); otherwise the
    // next call the player makes (the watch log on pause) finds the session gone.
    const alert = page.getByRole('alert');
    await page
      .getByTestId('video-player')
      .focus({ timeout: 5_000 })
      .then(() => page.keyboard.press('k'))
      .catch(() => undefined);
    await expect(alert).toContainText('You’ve been signed out, so playback stopped.');
    await expect(alert).toContainText('signed out on another device');
    await expect(page.locator('video')).toHaveCount(0);
    await alert.getByRole('button', { name: 'Continue as a guest' }).click();
    await expectPlaying(page);
  });
});

test('right to left (issue 37, point 4): in Arabic the seek bar is mirrored and ArrowLeft seeks forward', async ({
  page,
}) => {
  // The viewer's choice on this device (docs/i18n.md): Arabic, a right-to-left language.
  await page.addInitScript(() => localStorage.setItem('language', '"ar"'));
  await page.goto(WATCH);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expectPlaying(page);

  // Time runs from the right edge to the left: the buffered bar grows from the right end.
  const track = page.getByTestId('seek-track');
  expect(await track.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  const buffered = page.getByTestId('seek-buffered');
  await expect.poll(async () => (await buffered.boundingBox())?.width ?? 0).toBeGreaterThan(10);
  const trackBox = (await track.boundingBox())!;
  const bufferedBox = (await buffered.boundingBox())!;
  expect(Math.abs(bufferedBox.x + bufferedBox.width - (trackBox.x + trackBox.width))).toBeLessThan(
    2,
  );
  expect(bufferedBox.x).toBeGreaterThan(trackBox.x + 2);

  // Hovering near the right end previews the start of the video.
  const seek = page.getByTestId('player-controls').locator('input[type="range"]').first();
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.95, box.y + box.height / 2);
  await expect(page.getByTestId('seek-preview-time')).toHaveText(/^[0٠]:[0٠][0-9٠-٩]$/);
  await page.mouse.move(box.x + box.width * 0.5, box.y - 150);

  // The arrows follow what the viewer sees: ArrowLeft goes forward, ArrowRight back.
  await pauseAt(page, 30);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => currentTime(page)).toBeCloseTo(40, 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => currentTime(page)).toBeCloseTo(20, 0);
});
