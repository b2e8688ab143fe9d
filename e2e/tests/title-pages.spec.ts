import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from './support/env';

/**
 * What a crawler or a chat app's link preview reads on a title page: no JavaScript runs, so
 * everything checked here is in the HTML the shell's host sends (shell/scripts/title-pages.cjs),
 * built from the real API's title. Then the sitemap that lists those pages.
 */
test.use({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });

interface Listed {
  id: string;
  type: 'movie' | 'series';
}

/** The first available title of a type, from the API's title index, and its detail. */
async function availableTitle(request: APIRequestContext, type: Listed['type']) {
  const index = await request.get(`${E2E.apiUrl}/v1/titles/index?limit=1000`);
  expect(index.ok()).toBe(true);
  const listed = ((await index.json()).data.titles as Listed[]).find((t) => t.type === type)!;
  expect(listed).toBeTruthy();
  const detail = await request.get(`${E2E.apiUrl}/v1/titles/${listed.id}`);
  return (await detail.json()).data as {
    id: string;
    name: string;
    year: number;
    synopsis: string;
    posterUrl: string;
    maturity: string;
    seasons: Array<{ number: number; episodes: unknown[] }>;
  };
}

/**
 * Opens a page and expects its status. A 503 (the host could not reach the API: a fresh API on a busy
 * machine sheds load for its first seconds) is asked again until the timeout; any other status is final.
 */
async function open(page: Page, path: string, status: number) {
  await expect(async () => {
    const response = await page.goto(path);
    expect(response!.status()).not.toBe(503);
  }).toPass({ timeout: 30_000 });
  const response = await page.goto(path);
  expect(response!.status()).toBe(status);
}

const content = (page: Page, selector: string) =>
  page.locator(selector).first().getAttribute('content');

/** The page's JSON-LD, parsed (it must be valid JSON). */
async function jsonLd(page: Page) {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!);
}

test('a movie’s page carries its name, description, poster, alternates and Movie data without JavaScript', async ({
  page,
  request,
}) => {
  const movie = await availableTitle(request, 'movie');
  await open(page, `/movie/movie/${movie.id}`, 200);
  const canonical = `${E2E.shellUrl}/movie/movie/${movie.id}`;

  await expect(page).toHaveTitle(`${movie.name} (${movie.year}) | Streamflix`);
  expect(await content(page, 'meta[name="description"]')).toBe(
    movie.synopsis.length <= 300 ? movie.synopsis : expect.stringMatching(/…$/),
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  expect(await content(page, 'meta[property="og:type"]')).toBe('video.movie');
  expect(await content(page, 'meta[property="og:title"]')).toBe(`${movie.name} (${movie.year})`);
  expect(await content(page, 'meta[property="og:url"]')).toBe(canonical);
  const poster = await content(page, 'meta[property="og:image"]');
  expect(poster).toBe(new URL(movie.posterUrl, E2E.apiUrl).href);
  expect(await content(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  // One alternate per UI language, and x-default.
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(9);
  await expect(page.locator('link[hreflang="ar"]')).toHaveAttribute('href', `${canonical}?lang=ar`);
  await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute('href', canonical);

  const ld = await jsonLd(page);
  expect(ld).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Movie',
    name: movie.name,
    url: canonical,
    image: poster,
    contentRating: movie.maturity,
    duration: expect.stringMatching(/^PT(\d+H)?(\d+M)?$/),
  });

  // The page is readable before (and without) the app: the name and synopsis in the body.
  await expect(page.getByRole('heading', { level: 1, name: movie.name })).toBeVisible();
  await expect(page.getByText(movie.synopsis)).toBeVisible();

  // The poster a link preview shows is really there.
  expect((await request.get(poster!)).ok()).toBe(true);
});

test('a series’ page is a TVSeries with its seasons and episodes', async ({ page, request }) => {
  const series = await availableTitle(request, 'series');
  // The wrong type in the link is sent to the canonical one.
  await open(page, `/movie/movie/${series.id}`, 200);
  expect(page.url()).toBe(`${E2E.shellUrl}/movie/series/${series.id}`);
  expect(await content(page, 'meta[property="og:type"]')).toBe('video.tv_show');
  const ld = await jsonLd(page);
  expect(ld['@type']).toBe('TVSeries');
  expect(ld.numberOfSeasons).toBe(series.seasons.length);
  expect(ld.containsSeason).toHaveLength(series.seasons.length);
  expect(ld.containsSeason[0].episode).toHaveLength(series.seasons[0]!.episodes.length);
  expect(ld.containsSeason[0].episode[0]).toMatchObject({ '@type': 'TVEpisode', episodeNumber: 1 });
});

test('an unknown title answers 404 with noindex, and is still the app’s page', async ({ page }) => {
  await open(page, '/movie/movie/no-such-title', 404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page).toHaveTitle('Streamflix');
  await expect(page.locator('#root')).toBeAttached();
});

test('sitemap.xml indexes sitemaps that list every available title with its alternates', async ({
  request,
}) => {
  const index = await request.get(`${E2E.shellUrl}/sitemap.xml`);
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(files[0]).toBe(`${E2E.shellUrl}/sitemaps/titles-1.xml`);

  const total = (await (await request.get(`${E2E.apiUrl}/v1/titles/index?limit=1`)).json()).data
    .total as number;
  let urls = 0;
  for (const file of files) {
    const xml = await (await request.get(file)).text();
    urls += (xml.match(/<url>/g) ?? []).length;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  }
  expect(urls).toBe(total);
  const first = await (await request.get(files[0]!)).text();
  expect(first).toMatch(/<url><loc>http:\/\/localhost:\d+\/movie\/(movie|series)\/[^<]+<\/loc>/);
  expect(first).toContain('hreflang="x-default"');

  const robots = await request.get(`${E2E.shellUrl}/robots.txt`);
  expect(await robots.text()).toContain(`Sitemap: ${E2E.shellUrl}/sitemap.xml`);
});
