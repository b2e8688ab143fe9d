import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { newUser } from './support/api';

/**
 * Watching: real HLS playback in Chromium, resume, continue watching, series flow,
 * entitlement redirects and the keyboard. Each test signs up its own viewer so watch
 * history never leaks between tests.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01)
const FREE_SERIES = 't-0088'; // Wildfire Season: S1E1 feature-01, S1E2 feature-02
const PREMIUM_MOVIE = 't-0037'; // Dandelion Republic
const api = (p: string) => `${E2E.apiUrl}/v1${p}`;

interface Viewer {
  token: string;
  refresh: string;
  user: { id: string };
}

async function signUp(): Promise<Viewer> {
  const res = await fetch(api('/auth/register'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(newUser('watcher')),
  });
  const body = (await res.json()) as {
    data: { tokens: { access: string; refresh: string }; user: { id: string } };
  };
  return {
    token: body.data.tokens.access,
    refresh: body.data.tokens.refresh,
    user: body.data.user,
  };
}

async function signIn(page: Page, v: Viewer) {
  await page.addInitScript(
    ([token, user, refresh]: [string, string, string]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
        localStorage.setItem('refreshToken', refresh);
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    [JSON.stringify({ token: v.token }), JSON.stringify(v.user), v.refresh] as [
      string,
      string,
      string,
    ],
  );
}

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
  const viewer = await signUp();
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
  const viewer = await signUp();
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
  await signIn(page, await signUp());
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
  await expect(page.getByText("This video can't be played right now.")).toHaveCount(0);
});
