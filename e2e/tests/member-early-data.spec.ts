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
