import { expect, test } from '@playwright/test';
import { E2E } from './support/env';
import { registerViewer, signIn } from './support/api';
import { videoTime, waitForPlayableMedia } from './support/delivery';

/**
 * Issue 35: media only its viewer can fetch. The stream's addresses are signed for this device's
 * stream lease, and ending the session ends the stream: the next segment is refused.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01, 96 s)
const WATCH = `/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`;
const api = (p: string) => `${E2E.apiUrl}/v1${p}`;

test.beforeAll(async () => {
  test.setTimeout(8 * 60_000);
  await waitForPlayableMedia(FREE_MOVIE);
});

test('signing out every device from elsewhere stops a playing stream within seconds, and the player says why', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const viewer = await registerViewer('stream-ended');
  await signIn(page, viewer);
  // The notification stream would tell the page too (it ends with the session): held back, so what
  // stops playback here is the media refusing the ended stream, with no click from the viewer.
  await page.route('**/v1/notifications/stream**', (route) => route.abort());
  const media: Array<{ url: string; status: number }> = [];
  page.on('response', (r) => {
    if (r.url().includes('/media/')) media.push({ url: r.url(), status: r.status() });
  });
  await page.goto(WATCH);
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(3);
  // Every playlist and segment came from this device's signed folder.
  expect(media.length).toBeGreaterThan(2);
  for (const m of media)
    expect(m.url).toMatch(/\/media\/s\/\d+\.lse_\w+\.[\w-]{43}\/t-0001\/feature-01\//);

  const res = await fetch(api('/auth/logout-all'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${viewer.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(res.ok).toBe(true);
  const signedOutAt = Date.now();

  const alert = page.getByRole('alert').filter({ hasText: 'signed out, so playback stopped' });
  await expect(alert.first()).toBeVisible({ timeout: 8_000 });
  expect(Date.now() - signedOutAt).toBeLessThan(8_000);
  // The media said so (401), and nothing plays on from the buffer.
  expect(media.some((m) => m.status === 401)).toBe(true);
  const playing = await page
    .locator('video')
    .evaluateAll((videos) => videos.filter((v) => !(v as HTMLVideoElement).paused).length);
  expect(playing).toBe(0);
});
