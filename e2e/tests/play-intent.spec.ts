import { expect, test, type Page, type Request } from '@playwright/test';
import { registerViewer, signIn } from './support/api';
import { holdShellEntry, loadedWatchArtwork } from './support/shell-entry';

/**
 * Time to first frame starts on the title page: pointing at or focusing Play starts the
 * playback session and warms the stream before the click, and the watch screen uses that
 * session instead of asking again. Entitlement still decides: a guest's premium title warms
 * no stream and ends on Premium.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01)
const PREMIUM_MOVIE = 't-0037'; // Dandelion Republic
const FREE_SERIES = 't-0088'; // Wildfire Season

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

/**
 * The title page (mf-catalog) and the watch screen's episode list (mf-player) read a title through one
 * shared query: the same request in the same viewer's scope, under one cache entry. Pressing Play on a
 * series must not ask for the series again.
 */
for (const viewer of ['guest', 'signed-in viewer'] as const) {
  test(`a ${viewer}'s watch screen reads the series the title page loaded: one GET of the title`, async ({
    page,
  }) => {
    if (viewer === 'signed-in viewer') await signIn(page, await registerViewer('one-fetch'));
    const seen = record(page);
    await page.goto(`/movie/series/${FREE_SERIES}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wildfire Season' })).toBeVisible();
    await page.getByRole('link', { name: /^(Play|Resume) .*: Wildfire Season$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/${FREE_SERIES}/${FREE_SERIES}/s-0088-1/`));
    // The episode controls render from the series' seasons: by now the player has read them.
    await page.getByTestId('video-player').hover();
    await expect(page.getByRole('button', { name: 'Episodes' })).toBeVisible();
    expect(seen.filter((p) => p === `/v1/titles/${FREE_SERIES}`)).toHaveLength(1);
  });
}

/**
 * A typed or shared watch link (issue 36): the page's HTML asks for the playback session before
 * any app code has arrived (shell/scripts/watch-hints.cjs), and the player takes that answer
 * instead of asking again: one playback request, one stream lease, and the video plays.
 */
for (const viewer of ['guest', 'signed-in viewer'] as const) {
  test(`a ${viewer}'s typed watch link: the HTML asks for the session, once, and the video plays`, async ({
    page,
  }) => {
    const signedIn = viewer === 'signed-in viewer';
    if (signedIn) await signIn(page, await registerViewer('typed-watch'));
    const sessions: Request[] = [];
    const media: string[] = [];
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === `/v1/playback/${FREE_MOVIE}`) sessions.push(r);
      if (pathname.startsWith('/media/s/')) media.push(pathname);
    });
    await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
    await expect
      .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(1);

    expect(sessions).toHaveLength(1);
    // Made by the HTML's fetch(), not by the player's HTTP client (XMLHttpRequest).
    const timing = await page.evaluate(
      (url) =>
        performance
          .getEntriesByName(url)
          .map((e) => (e as PerformanceResourceTiming).initiatorType),
      sessions[0]!.url(),
    );
    expect(timing).toEqual(['fetch']);
    expect(Boolean((await sessions[0]!.allHeaders()).authorization)).toBe(signedIn);
    // Every media address names the one lease that session took (`-` for a guest's free title).
    const leases = new Set(media.map((p) => /^\/media\/s\/\d+\.([^.]+)\./.exec(p)?.[1]));
    expect([...leases]).toEqual([signedIn ? expect.stringMatching(/^lse/) : '-']);
  });
}

/**
 * On a phone's slow link the shell's first render comes seconds after the HTML: a typed watch link
 * shows the title's backdrop, with the logo and spinners, from the HTML itself where the video will
 * be (shell/scripts/watch-hints.cjs watchLoadingMarkup), then the player takes its place.
 */
test("a typed watch link shows the title's artwork before any app code has run", async ({
  page,
}) => {
  // The shell's entry is held: nothing of the app can render until it is released.
  const release = await holdShellEntry(page);
  await page.goto(`/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`, { waitUntil: 'commit' });
  const backdrop = await loadedWatchArtwork(page);
  await expect(backdrop).toBeVisible();
  expect(await backdrop.getAttribute('src')).toMatch(
    new RegExp(`/v1/artwork/${FREE_MOVIE}/backdrop\\.svg$`),
  );
  await expect(page.locator('#root .sfw')).toContainText('STREAMFLIX');
  // No player yet (the early engine's picture, if any, is outside the root: early-playback.spec.ts).
  await expect(page.locator('#root video')).toHaveCount(0);

  release();
  await expect(page.locator('[data-testid="video-player"] video')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#root .sfw')).toHaveCount(0);
});
