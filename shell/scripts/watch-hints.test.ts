import { earlyHints } from './early-hints.cjs';
import { playbackCallOf, watchLoadingMarkup } from './watch-hints.cjs';

const doc = {
  api: 'https://api.example',
  remotes: {
    mf_catalog: { manifest: 'https://cdn.example/catalog/mf-manifest.json' },
    mf_player: { manifest: 'https://cdn.example/player/mf-manifest.json' },
  },
};
const WATCH = '/watch/:id/:movieid/:seasonId/:episodeId';
const routes = {
  loggedOut: [
    ['/', 'mf_catalog', 'Landing'],
    ['/movie/:type/:id', 'mf_catalog', 'TitleDetail'],
    [WATCH, 'mf_player', 'Watch', ['hls.js']],
  ] as Array<[string, string, string] | [string, string, string, string[]]>,
  loggedIn: [
    ['/', 'mf_catalog', 'Home'],
    ['/movie/:type/:id', 'mf_catalog', 'TitleDetail'],
    [WATCH, 'mf_player', 'Watch', ['hls.js']],
  ] as Array<[string, string, string] | [string, string, string, string[]]>,
};
const boot = { scripts: [], styles: [], httpClient: ['http-client.1.js'] };
const SESSION = 'https://api.example/v1/playback/t-1';
const MASTER = 'https://media.example/media/s/1.-.sig/t-1/feature-01/master.m3u8';
const MEDIA = 'https://media.example/media/s/1.-.sig/t-1/feature-01/';
const MASTER_TEXT = [
  '#EXTM3U',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Español",DEFAULT=NO,URI="audio/es/index.m3u8"',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",DEFAULT=YES,URI="audio/en/index.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=1114000,RESOLUTION=640x360,AUDIO="aud"',
  '360p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=510000,RESOLUTION=426x240,AUDIO="aud"',
  '240p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=3046000,RESOLUTION=1280x720,AUDIO="aud"',
  '720p/index.m3u8',
].join('\n');

test("the player's playback call for a watch path, encoded as the shared client encodes it", () => {
  expect(playbackCallOf('/watch/t-1/t-1/0/0')).toBe('/playback/t-1');
  expect(playbackCallOf('/watch/t-1/t-1/0/0/')).toBe('/playback/t-1');
  expect(playbackCallOf('/watch/s-9/s-9/s-9-1/e%201')).toBe('/playback/s-9?episodeId=e+1');
  expect(playbackCallOf('/watch/a%22b/x/0/0')).toBe('/playback/a%22b');
  for (const other of [
    '/watch/t-1/t-1/0',
    '/watch//t-1/0/0',
    '/movie/movie/t-1',
    '/watch/%E0%A4%A/x/0/0',
  ])
    expect(playbackCallOf(other)).toBeNull();
});

/** Runs the page's inline scripts as a browser would, with `token` stored. */
function load(
  pathname: string,
  token: string | null,
  answer: { status: number; body: unknown },
  connection?: { downlink: number; saveData?: boolean },
) {
  const html = earlyHints(doc, pathname, routes, boot);
  const requests: Array<{ url: string; headers?: Record<string, string> }> = [];
  const preloaded: string[] = [];
  const links: Array<{ href: string; crossOrigin?: string }> = [];
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'Watch', assets: { js: { sync: ['watch.js'] }, css: { sync: [] } } }],
    shared: [
      { name: 'hls.js', assets: { js: { sync: ['488.js'] } } },
      { name: 'react', assets: { js: { sync: ['121.js'] } } },
    ],
  };
  const env = {
    self: {} as {
      __sfEarlyData?: Record<
        string,
        { at: number; token?: string | null; answer: Promise<unknown> }
      >;
      __sfEarlyScreen?: boolean;
      __sfEarlyManifest?: { response: Promise<unknown> };
    },
    fetch: async (url: string, init?: { headers?: Record<string, string> }) => {
      requests.push({ url, headers: init?.headers });
      if (url.endsWith('mf-manifest.json'))
        return { ok: true, clone: () => ({ json: async () => manifest }) };
      if (url === MASTER) return { ok: true, text: async () => MASTER_TEXT };
      if (url.endsWith('.m3u8')) return { ok: true, text: async () => '#EXTM3U' };
      return { ok: answer.status < 300, status: answer.status, json: async () => answer.body };
    },
    localStorage: { getItem: (k: string) => (k === 'token' ? token : null) },
    navigator: { connection },
    URL,
    location: { search: '', href: 'https://shell.example/' },
    document: {
      createElement: () => ({}),
      head: {
        appendChild: (l: { href: string; crossOrigin?: string }) => {
          links.push(l);
          preloaded.push(l.href);
        },
      },
    },
  };
  for (const [, script] of html.matchAll(/<script>(.*?)<\/script>/g))
    new Function(...Object.keys(env), script!)(...Object.values(env));
  const settle = async () => {
    await Promise.all(Object.values(env.self.__sfEarlyData ?? {}).map((e) => e.answer));
    await env.self.__sfEarlyManifest?.response;
    for (let i = 0; i < 5; i += 1) await new Promise((r) => setTimeout(r, 0));
  };
  return { html, requests, preloaded, links, self: env.self, settle };
}

const ok = { status: 200, body: { status: true, data: { stream: { url: MASTER } } } };

test("a guest's watch link: the session asked for first, tokenless; then the stream's master playlist", async () => {
  const page = load('/watch/t-1/t-1/0/0', null, ok);
  expect(page.requests[0]).toEqual({ url: SESSION, headers: { Accept: 'application/json' } });
  expect(page.self.__sfEarlyData![SESSION]).toMatchObject({ token: null });
  // The screen's own call is made: no HTTP client preloaded before the first frame.
  expect(page.self.__sfEarlyScreen).toBe(true);
  await page.settle();
  await expect(page.self.__sfEarlyData![SESSION]!.answer).resolves.toEqual(ok);
  expect(page.requests.map((r) => r.url)).toContain(MASTER);
  expect(page.preloaded).not.toContain('/http-client.1.js');
});

test("a signed-in device's watch link: the session with its stored token, kept beside the answer", async () => {
  const page = load('/watch/t-1/t-1/0/0', '{"token":"access-1"}', ok);
  expect(page.requests[0]).toEqual({
    url: SESSION,
    headers: { Accept: 'application/json', Authorization: 'Bearer access-1' },
  });
  expect(page.self.__sfEarlyData![SESSION]).toMatchObject({ token: 'access-1' });
  await page.settle();
  expect(page.requests.filter((r) => r.url === SESSION)).toHaveLength(1);
  expect(page.requests.map((r) => r.url)).toContain(MASTER);
  // An unreadable stored token is no token.
  expect(load('/watch/t-1/t-1/0/0', '{oops', ok).requests[0]!.headers).toEqual({
    Accept: 'application/json',
  });
});

test('a refused or failed session warms no stream', async () => {
  for (const answer of [
    { status: 401, body: { status: false, message: 'Sign in' } },
    { status: 503, body: { status: false } },
    { status: 200, body: { status: true, data: { stream: {} } } },
  ]) {
    const page = load('/watch/t-2/t-2/0/0', null, answer);
    await page.settle();
    expect(page.requests.map((r) => r.url)).not.toContain(MASTER);
  }
});

test('the playlists the player starts with are warmed from the master, the poster preloaded', async () => {
  const session = (data: object) => ({
    status: 200,
    body: {
      status: true,
      data: { stream: { url: MASTER }, backdropUrl: 'https://api.example/b.svg', ...data },
    },
  });
  const warmed = (page: ReturnType<typeof load>) =>
    page.requests.map((r) => r.url).filter((u) => u.startsWith(MEDIA) && u !== MASTER);
  // No estimate (Safari, Firefox): the lightest rung, as the player's startVariant; the default audio.
  let page = load('/watch/t-1/t-1/0/0', null, session({ resumePosition: 0 }));
  await page.settle();
  expect(warmed(page)).toEqual([`${MEDIA}240p/index.m3u8`, `${MEDIA}audio/en/index.m3u8`]);
  expect(page.preloaded).toContain('https://api.example/b.svg');
  // In CORS mode, as the player's crossorigin video asks for its poster: else it is fetched twice.
  expect(page.links.find((l) => l.href === 'https://api.example/b.svg')?.crossOrigin).toBe(
    'anonymous',
  );
  // 10 Mbps: the highest rung whose peak fits in a quarter of it.
  page = load('/watch/t-1/t-1/0/0', null, session({}), { downlink: 10 });
  await page.settle();
  expect(warmed(page)[0]).toBe(`${MEDIA}360p/index.m3u8`);
  // Save-Data: the lightest whatever the link. A resumed session shows no poster.
  page = load('/watch/t-1/t-1/0/0', null, session({ resumePosition: 42 }), {
    downlink: 10,
    saveData: true,
  });
  await page.settle();
  expect(warmed(page)[0]).toBe(`${MEDIA}240p/index.m3u8`);
  expect(page.preloaded).not.toContain('https://api.example/b.svg');
  // Segments are left to the player (its first bandwidth sample times them).
  expect(page.requests.filter((r) => r.url.endsWith('.ts'))).toEqual([]);
});

test("the watch screen's hls.js is preloaded with its files from the player's manifest", async () => {
  const page = load('/watch/t-1/t-1/0/0', null, ok);
  await page.settle();
  const base = 'https://cdn.example/player/';
  expect(page.preloaded).toEqual([`${base}remoteEntry.js`, `${base}watch.js`, `${base}488.js`]);
});

test('no other page asks for a playback session or preloads hls.js', async () => {
  for (const [path, token] of [
    ['/', null],
    ['/', '{"token":"t"}'],
    ['/movie/movie/t-1', null],
    ['/watch/t-1/t-1/0', null],
  ] as const) {
    const page = load(path, token, ok);
    await page.settle();
    expect(page.html).not.toContain('/playback/');
    expect(page.requests.map((r) => r.url).filter((u) => u.includes('/playback/'))).toEqual([]);
    expect(page.preloaded.filter((u) => u.includes('488.js'))).toEqual([]);
  }
});

describe("a watch page's loading screen in the HTML", () => {
  const API = 'https://api.example/v1';

  /** The markup in a page with `stored` in localStorage, its inline script run as a browser would. */
  function shown(pathname: string, stored: Record<string, string> = {}) {
    const html = watchLoadingMarkup(API, pathname);
    const root = document.createElement('div');
    root.innerHTML = html;
    const img = root.querySelector('img')!;
    const script = root.querySelector('.sfw-stage script')!;
    const storage = { getItem: (k: string) => stored[k] ?? null };
    new Function('document', 'localStorage', script.textContent!)(
      { currentScript: script },
      storage,
    );
    return { html, img, src: img.getAttribute('src'), hidden: img.hidden };
  }

  test("shows the route's title's backdrop, in CORS mode like the video's poster, with the logo and spinners", () => {
    const page = shown('/watch/t-1/t-1/0/0');
    expect(page.src).toBe('https://api.example/v1/artwork/t-1/backdrop.svg');
    expect(page.hidden).toBe(false);
    expect(page.img.getAttribute('crossorigin')).toBe('anonymous');
    expect(page.html).toContain('STREAMFLIX');
    expect(page.html.match(/<i><\/i>/g)).toHaveLength(4);
    expect(page.html).toMatch(
      /^<style>[^<]*<\/style><div class="sfw" aria-busy="true" data-screen-loading>/,
    );
    // A grown-up's profile with no ceiling sees it too.
    const adult = shown('/watch/t-1/t-1/0/0', {
      profile: '{"id":"p1","name":"Ana","kids":false,"maturity":"all"}',
    });
    expect(adult.src).toMatch(/backdrop\.svg$/);
  });

  test('under a ceiling (a kids profile, a lower ceiling, a device kids lock, an unreadable profile): no artwork', () => {
    for (const stored of <Array<Record<string, string>>>[
      { profile: '{"id":"p2","name":"Sam","kids":true,"maturity":"little-kids"}' },
      { profile: '{"id":"p3","name":"Teen","kids":false,"maturity":"teens"}' },
      { kidsLock: '{"token":"t","profileName":"Sam"}' },
      { profile: '{oops' },
    ]) {
      const page = shown('/watch/t-1/t-1/0/0', stored);
      expect([stored, page.src, page.hidden]).toEqual([stored, null, true]);
    }
  });

  test('encodes the id as the API does; nothing in the path can leave the script or the page', () => {
    expect(shown('/watch/a%20b/x/0/0').src).toMatch(/\/artwork\/a%20b\/backdrop\.svg$/);
    const hostile = shown('/watch/%22%3E%3C%2Fscript%3E%3Cscript%3E/x/0/0');
    expect(hostile.html.match(/<script>/g)).toHaveLength(1);
    expect(hostile.src).toMatch(/\/artwork\/%22%3E%3C%2Fscript%3E%3Cscript%3E\/backdrop\.svg$/);
  });

  test('nothing for another page or a malformed escape', () => {
    expect(watchLoadingMarkup(API, '/')).toBe('');
    expect(watchLoadingMarkup(API, '/movie/movie/t-1')).toBe('');
    expect(watchLoadingMarkup(API, '/watch/t-1')).toBe('');
    expect(watchLoadingMarkup(API, '/watch/%E0%A4%A/x/0/0')).toBe('');
  });
});
