import { expect, test, type Page, type Request } from '@playwright/test';
import { registerViewer, signIn } from './support/api';

/**
 * A signed-in viewer's home and My List ask the API from the page's HTML (issue 36,
 * shell/scripts/member-hints.cjs), before the shell and the catalogue's remote have loaded, and the
 * screen takes that answer instead of asking again: one request, made by the HTML's fetch(), and
 * the screen shows what it answered. On the home, the hero's backdrop is requested from the
 * answer too, not after the screen has rendered.
 */

async function initiators(page: Page, url: string) {
  return page.evaluate(
    (u) =>
      performance.getEntriesByName(u).map((e) => (e as PerformanceResourceTiming).initiatorType),
    url,
  );
}

test('the signed-in home: the HTML asks for the dashboard once, and the hero shows its answer', async ({
  page,
}) => {
  await signIn(page, await registerViewer('early-home'));
  const dashboards: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/v1/users/dashboard') dashboards.push(r);
  });
  await page.goto('/');
  await expect(page.locator('#hero-title')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).nth(1)).toBeVisible();
  expect(dashboards).toHaveLength(1);
  expect(dashboards[0]!.method()).toBe('POST');
  expect(await initiators(page, dashboards[0]!.url())).toEqual(['fetch']);
  // The hero's backdrop: requested by the HTML's preload (a <link>) before the hero's image.
  const backdrop = await page
    .locator('section[aria-labelledby="hero-title"] img')
    .getAttribute('src');
  // First requested by the preload; the image may read it again from the cache (a second entry).
  expect((await initiators(page, backdrop!))[0]).toBe('link');
});

test('My List: the HTML asks for the list once, and the screen shows it', async ({ page }) => {
  await signIn(page, await registerViewer('early-list'));
  const lists: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/users/favourite/')) lists.push(r);
  });
  await page.goto('/my-list');
  await expect(page.getByRole('heading', { name: 'My List', level: 1 })).toBeVisible();
  await expect(page.getByText(/your list is empty|nothing (saved|here)/i).first()).toBeVisible();
  expect(lists).toHaveLength(1);
  expect(await initiators(page, lists[0]!.url())).toEqual(['fetch']);
});

/**
 * The shell's own calls on a signed-in start (the profile gate's household, the viewer, the
 * header's unread count) are the HTML's too: a home or My List with its own call early needs no
 * HTTP client (axios) before its first paint, and loads none until a later call needs it.
 */
for (const [path, ready] of [
  ['/', '#hero-title'],
  ['/my-list', '#main-content h1'],
] as const) {
  test(`signed-in ${path}: the gate's, the viewer's and the header's calls are the HTML's; no HTTP client before the screen`, async ({
    page,
  }) => {
    const viewer = await registerViewer('early-shell');
    await signIn(page, viewer);
    // When the screen first showed, in the page's clock: a DOM observer from the first parse.
    await page.addInitScript((selector) => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector(selector)) return;
        (window as { __shownAt?: number }).__shownAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, ready);
    await page.goto(path);
    await expect(page.locator(ready)).toBeVisible();
    // The header has its viewer and its unread count: their answers reached the app.
    await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    const { calls, shownAt, client } = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        calls: entries
          .filter((e) => /\/v1\/(profiles|users\/[^/]+|notifications)(\?|$)/.test(e.name))
          .map((e) => [new URL(e.name).pathname, e.initiatorType]),
        shownAt: (window as { __shownAt?: number }).__shownAt ?? Infinity,
        client: entries
          .filter((e) => /\/http-client\.[0-9a-f]+\.js$/.test(e.name))
          .map((e) => e.startTime),
      };
    });
    for (const p of ['/v1/profiles', `/v1/users/${viewer.user.id}`, '/v1/notifications'])
      expect(calls.filter(([u]) => u === p)).toEqual([[p, 'fetch']]);
    // axios's chunk: not requested before the screen was on view (later calls may load it).
    expect(shownAt).toBeLessThan(Infinity);
    for (const at of client) expect(at).toBeGreaterThan(shownAt);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the signed-in home's hero backdrop is painted by the HTML, before the app, where the hero then renders", async ({
    page,
  }) => {
    await signIn(page, await registerViewer('early-hero'));
    // The shell's entry is held back: what is on screen meanwhile is the HTML's alone.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('#hero-title')) return;
        (window as { __heroAt?: number }).__heroAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/', { waitUntil: 'commit' });
    const early = page.locator('#root .sfh-art');
    await expect(early).toBeVisible();
    await expect
      .poll(() => early.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const art = await early.getAttribute('src');
    expect(art).toMatch(/\/v1\/artwork\/[^/]+\/backdrop\.svg$/);
    // Under the header's height, the whole width, 16:9: the hero's art band on a phone.
    expect(await early.boundingBox()).toEqual({ x: 0, y: 45, width: 390, height: 219.375 });
    await expect(page.locator('header')).toHaveCount(0);

    release();
    const hero = page.locator('section[aria-labelledby="hero-title"] img');
    await expect(page.locator('#hero-title')).toBeVisible();
    await expect(hero).toHaveAttribute('src', art!);
    expect(await hero.boundingBox()).toEqual({ x: 0, y: 45, width: 390, height: 219.375 });
    await expect(page.locator('#root .sfh-art')).toHaveCount(0);
    // The home's largest paint is the HTML's picture, painted before the hero rendered.
    const { lcp, heroAt } = await page.evaluate(
      () =>
        new Promise<{ lcp: { url: string; at: number }; heroAt: number }>((resolve) =>
          new PerformanceObserver((list) => {
            const e = list.getEntries().at(-1) as LargestContentfulPaint;
            resolve({
              lcp: { url: e.url, at: e.startTime },
              heroAt: (window as { __heroAt?: number }).__heroAt ?? Infinity,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
    expect(lcp.url).toBe(art);
    expect(lcp.at).toBeLessThan(heroAt);
  });
});
