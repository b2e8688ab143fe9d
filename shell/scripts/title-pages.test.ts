/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLru, titlePages } from './title-pages.cjs';

/**
 * The host's title pages over HTTP, against a stand-in for the API's two endpoints (the browser
 * test title-pages.spec.ts runs them against the real API): statuses, the 404 rules, the cache,
 * ETags and the sitemaps' paging. The head itself is title-head.test.ts's.
 */

const SHELL =
  '<!doctype html><html lang="en"><head><title>Streamflix</title></head><body><div id="root"></div></body></html>';
const detail = (over: Record<string, unknown>) => ({
  id: 't-1',
  type: 'movie',
  name: 'The Heist',
  year: 2024,
  releaseDate: '2024-03-01',
  maturity: 'PG-13',
  genres: ['Action'],
  synopsis: 'One last job.',
  posterUrl: 'http://api.test/poster.jpg',
  runtimeMinutes: 107,
  availableInYourCountry: true,
  seasons: [],
  ...over,
});
const TITLES: Record<string, { status: number; data?: unknown }> = {
  't-1': { status: 200, data: detail({}) },
  's-1': { status: 200, data: detail({ id: 's-1', type: 'series', name: 'Saga' }) },
  't-elsewhere': {
    status: 200,
    data: detail({ id: 't-elsewhere', availableInYourCountry: false }),
  },
  't-mature': { status: 403 },
};
/** 20,001 available titles: three sitemap files. */
const INDEX_TOTAL = 20_001;

let api: Server;
let host: Server;
let apiUp = true;
let apiCalls: string[] = [];
let base: string;
let origin: string;
let dist: string;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  api = createServer((req, res) => {
    apiCalls.push(req.url!);
    if (!apiUp) return res.writeHead(502).end();
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/v1/titles/index') {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const from = (page - 1) * limit;
      const titles = Array.from(
        { length: Math.max(0, Math.min(limit, INDEX_TOTAL - from)) },
        (_, i) => ({ id: `t-${from + i}`, type: 'movie' }),
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ data: { titles, page, limit, total: INDEX_TOTAL } }));
    }
    const known = TITLES[decodeURIComponent(url.pathname.replace('/v1/titles/', ''))];
    res.writeHead(known?.status ?? 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: known ? 'success' : 'fail', data: known?.data ?? null }));
  });
  const apiOrigin = await listen(api);
  base = mkdtempSync(path.join(tmpdir(), 'title-pages-'));
  dist = path.join(base, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  const pages = titlePages({
    root: dist,
    doc: () => ({ api: apiOrigin }),
    publicUrl: 'https://watch.example',
    transformHtml: (html) => ({
      html: html.replace('</head>', '<script id="sf-composition">{}</script></head>'),
      headers: { Vary: 'Accept-Encoding, Cookie' },
    }),
    log: () => {},
  });
  host = createServer((req, res) => {
    if (!pages.handle(req, res)) res.writeHead(418).end('not ours');
  });
  origin = await listen(host);
});

afterAll(() => {
  api.close();
  host.close();
  rmSync(base, { recursive: true, force: true });
});

beforeEach(() => {
  apiUp = true;
  apiCalls = [];
});

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${p}`, { headers, redirect: 'manual' });

describe('title pages', () => {
  test("an available title: 200, the shell's page with the head and the host's own rewrite", async () => {
    const res = await get('/movie/movie/t-1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const html = await res.text();
    expect(html).toContain('<title>The Heist (2024) | Streamflix</title>');
    expect(html).toContain('<link rel="canonical" href="https://watch.example/movie/movie/t-1" />');
    expect(html).toContain('<script id="sf-composition">{}</script>');
    expect(html).toContain('<div id="root"><main data-title-fallback><h1>The Heist</h1>');
    expect(html).not.toContain('noindex');
  });

  test('unknown, not streamed in the catalogue country, or above the guests’ ceiling: 404 noindex', async () => {
    for (const p of ['/movie/movie/t-none', '/movie/movie/t-elsewhere', '/movie/movie/t-mature']) {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      // Still the app's page: the viewer gets its not-found screen, the loading screen until then.
      expect(html).toContain('<div id="root"><style>');
      expect(html).toContain('<div class="sfl" aria-busy="true" data-screen-loading>');
      expect(html).toContain('<title>Streamflix</title>');
    }
  });

  test('an id the API could never have is 404 without asking it', async () => {
    expect((await get('/movie/movie/%3Cscript%3E')).status).toBe(404);
    expect(apiCalls).toEqual([]);
  });

  test('the wrong type redirects to the canonical URL, keeping the language', async () => {
    const res = await get('/movie/movie/s-1?lang=fr');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/movie/series/s-1?lang=fr');
  });

  test('a language page: <html lang dir> and the language asked of the API', async () => {
    const html = await (await get('/movie/movie/t-1?lang=ar')).text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain('href="https://watch.example/movie/movie/t-1?lang=ar" />');
  });

  test('the API down: 503 with Retry-After and the plain shell, and nothing cached', async () => {
    apiUp = false;
    const res = await get('/movie/movie/s-1?lang=de');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.text()).toContain('<div class="sfl" aria-busy="true" data-screen-loading>');
    apiUp = true;
    expect((await get('/movie/movie/s-1?lang=de')).status).toBe(
      // The type is checked once the title is known: s-1 is a series.
      301,
    );
  });

  test('a built head is cached (one API call for many visits) and revalidates with its ETag', async () => {
    const first = await get('/movie/series/s-1?lang=ja');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    await get('/movie/series/s-1?lang=ja');
    const again = await get('/movie/series/s-1?lang=ja', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(apiCalls).toEqual(['/v1/titles/s-1']);
  });

  test('compressed for clients that ask', async () => {
    const res = await fetch(`${origin}/movie/movie/t-1`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    // fetch decodes it: the header says it was compressed on the wire.
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('The Heist');
  });

  test('HEAD answers the same status without a body', async () => {
    const res = await fetch(`${origin}/movie/movie/t-none`, { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });

  test("other paths are not the title pages' (the static server answers them)", async () => {
    expect((await get('/movie/movie')).status).toBe(418);
    expect((await get('/movie/movie/t-1/extra')).status).toBe(418);
    expect((await get('/explore')).status).toBe(418);
  });
});

describe('sitemaps and robots.txt', () => {
  test('the index names one file per 10,000 titles', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      '<loc>https://watch.example/sitemaps/titles-1.xml</loc>',
      '<loc>https://watch.example/sitemaps/titles-2.xml</loc>',
      '<loc>https://watch.example/sitemaps/titles-3.xml</loc>',
    ]);
  });

  test('each file lists its page of titles; past the last page is 404', async () => {
    const last = await (await get('/sitemaps/titles-3.xml')).text();
    const locs = last.match(/<loc>[^<]+<\/loc>/g)!;
    expect(locs).toEqual(['<loc>https://watch.example/movie/movie/t-20000</loc>']);
    const first = await (await get('/sitemaps/titles-1.xml')).text();
    expect(first.match(/<url>/g)).toHaveLength(10_000);
    expect((await get('/sitemaps/titles-4.xml')).status).toBe(404);
    // Rendered once and kept: a second crawl of the file does not ask the API again.
    expect((await get('/sitemaps/titles-1.xml', { 'accept-encoding': 'br' })).status).toBe(200);
    expect(apiCalls.filter((c) => c === '/v1/titles/index?page=1&limit=10000')).toHaveLength(1);
  });

  test('the API down: 503, not an empty sitemap', async () => {
    apiUp = false;
    const res = await get('/sitemaps/titles-9.xml');
    expect(res.status).toBe(503);
  });

  test('robots.txt points at the sitemap, unless the build has its own', async () => {
    const res = await get('/robots.txt');
    expect(await res.text()).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://watch.example/sitemap.xml\n',
    );
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    expect((await get('/robots.txt')).status).toBe(418);
    rmSync(path.join(dist, 'robots.txt'));
  });
});

describe('the cache', () => {
  test('least recently used leaves first; entries expire', () => {
    let now = 0;
    const lru = createLru<string>({ max: 2, now: () => now });
    lru.set('a', 'A', 1000);
    lru.set('b', 'B', 1000);
    lru.get('a');
    lru.set('c', 'C', 1000);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    now = 1000;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(1);
  });
});
