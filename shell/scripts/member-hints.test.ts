import { preferredLanguage } from '@streamflix/shared';
import { earlyHints } from './early-hints.cjs';
import { LANGUAGE_OF_DEVICE, memberCallsOf } from './member-hints.cjs';

const doc = { api: 'https://api.example', remotes: {} };
const boot = { scripts: [], styles: [], httpClient: ['http-client.1.js'] };
const API = 'https://api.example/v1';

interface Stored {
  token?: string;
  user?: string;
  country?: string;
  language?: string;
  profile?: string;
}

/** Runs the page's inline scripts as a browser would, with `stored` in localStorage. */
function load(pathname: string, stored: Stored, answer: unknown, languages = ['en-US']) {
  const html = earlyHints(doc, pathname, null, boot);
  const requests: Array<{
    url: string;
    init?: { method?: string; headers?: object; body?: string };
  }> = [];
  const links: Array<{ href: string; as?: string; fetchPriority?: string }> = [];
  const env = {
    self: {} as { __sfEarlyData?: Record<string, Record<string, unknown>> },
    fetch: async (url: string, init?: { method?: string; headers?: object; body?: string }) => {
      requests.push({ url, init });
      return { ok: true, status: 200, json: async () => answer };
    },
    localStorage: { getItem: (k: string) => (stored as Record<string, string>)[k] ?? null },
    navigator: { languages, language: languages[0] },
    location: { search: '' },
    document: {
      createElement: () => ({}),
      head: { appendChild: (l: { href: string }) => links.push(l) },
    },
  };
  for (const [, script] of html.matchAll(/<script>(.*?)<\/script>/g))
    new Function(...Object.keys(env), script!)(...Object.values(env));
  const settle = async () => {
    await Promise.all(Object.values(env.self.__sfEarlyData ?? {}).map((e) => e.answer));
    for (let i = 0; i < 3; i += 1) await new Promise((r) => setTimeout(r, 0));
  };
  return { requests, links, self: env.self, settle };
}

const SIGNED_IN = { token: '{"token":"access-1"}', user: '{"id":"u 1"}' };
/** The shell's own calls on a signed-in start, as the shared client builds them. */
const SHELL_URLS = [
  `${API}/profiles`,
  `${API}/users/u%201`,
  `${API}/notifications?user=u%201&unreadOnly=true&limit=1`,
];
const home = {
  status: true,
  data: { hero: { backdropUrl: 'https://api.example/v1/artwork/t-9/backdrop.svg' }, rails: [] },
};

test("a signed-in home: the dashboard as the catalogue asks it, then the hero's backdrop", async () => {
  const page = load('/', { ...SIGNED_IN, country: 'FR', language: '"fr"' }, home);
  const dashboard = `${API}/users/dashboard`;
  expect(page.requests[0]).toEqual({
    url: dashboard,
    init: {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': 'fr',
        Authorization: 'Bearer access-1',
        'Content-Type': 'application/json',
      },
      // mf-catalog get-dashboard.ts: the stored country, then the viewer's id.
      body: '{"country":"FR","userId":"u 1"}',
    },
  });
  expect(page.self.__sfEarlyData![dashboard]).toMatchObject({
    token: 'access-1',
    method: 'POST',
    body: '{"country":"FR","userId":"u 1"}',
    lang: 'fr',
  });
  await page.settle();
  expect(page.links).toContainEqual(
    expect.objectContaining({
      as: 'image',
      fetchPriority: 'high',
      href: 'https://api.example/v1/artwork/t-9/backdrop.svg',
    }),
  );
  // The shell's calls (profile gate, viewer, header's unread count) are the HTML's too, in the
  // same language and with the token: the first screen needs no HTTP client.
  // Its cards' list and ratings, then the shell's calls.
  expect(page.requests.slice(1, 3).map((r) => r.url)).toEqual([
    `${API}/users/favourite/u%201`,
    `${API}/ratings`,
  ]);
  expect(page.requests.slice(3)).toEqual(
    SHELL_URLS.map((url) => ({
      url,
      init: {
        method: 'GET',
        headers: {
          Accept: 'application/json',
          'Accept-Language': 'fr',
          Authorization: 'Bearer access-1',
        },
        body: undefined,
      },
    })),
  );
  expect(page.links.map((l) => l.href)).not.toContain('/http-client.1.js');
  expect((page.self as { __sfEarlyScreen?: boolean }).__sfEarlyScreen).toBe(true);
});

test('My List, no stored country (JSON-encoded by older builds too), a kids profile: no hero preload', async () => {
  const list = load('/my-list', SIGNED_IN, { status: true, data: [] });
  expect(list.requests.map((r) => [r.init?.method, r.url, r.init?.body])).toEqual([
    ['GET', `${API}/users/favourite/u%201`, undefined],
    ...SHELL_URLS.map((url) => ['GET', url, undefined]),
  ]);
  expect(list.links.map((l) => l.href)).not.toContain('/http-client.1.js');
  const kids = load('/', { ...SIGNED_IN, country: '"US"', profile: '{"kids":true}' }, home);
  expect(kids.requests[0]!.init!.body).toBe('{"country":"US","userId":"u 1"}');
  await kids.settle();
  expect(kids.links.filter((l) => l.as === 'image')).toEqual([]);
});

test('nothing for a guest, a broken session or another page', () => {
  expect(load('/', {}, home).requests.map((r) => r.url)).not.toContain(`${API}/users/dashboard`);
  expect(load('/', { token: '{oops', user: SIGNED_IN.user }, home).requests).toEqual([]);
  expect(load('/', { token: SIGNED_IN.token }, home).requests).toEqual([]);
  // Another signed-in page: the shell's calls, and the HTTP client for the screen's own.
  const title = load('/movie/movie/t-1', SIGNED_IN, home);
  expect(title.requests.map((r) => r.url)).toEqual(SHELL_URLS);
  expect(title.links.map((l) => l.href)).toContain('/http-client.1.js');
  expect((title.self as { __sfEarlyScreen?: boolean }).__sfEarlyScreen).toBeUndefined();
  // A signed-in watch link: the playback call is the HTML's (watch-hints.cjs), so no client.
  const watch = load('/watch/t-1/t-1/0/0', SIGNED_IN, home);
  expect(watch.links.map((l) => l.href)).not.toContain('/http-client.1.js');
  expect(memberCallsOf('/my-list/')).toHaveLength(1);
  expect(memberCallsOf('/')).toHaveLength(3);
  expect(memberCallsOf('/explore')).toEqual([]);
});

test("the language is the app's: profile, then the device's choice, then the browser's", () => {
  const L = (stored: Stored, languages: string[]) =>
    new Function('localStorage', 'navigator', `${LANGUAGE_OF_DEVICE};return L()`)(
      { getItem: (k: string) => (stored as Record<string, string>)[k] ?? null },
      { languages, language: languages[0] },
    ) as string;
  const cases: Array<[Stored, string[]]> = [
    [{}, ['en-US']],
    [{}, ['pt', 'en']],
    [{}, ['xx', 'de-AT']],
    [{}, ['zz']],
    [{ language: '"ja"' }, ['fr']],
    [{ language: '"en-XA"', profile: '{"language":"fr"}' }, ['de']],
    [{ language: '"es"', profile: '{"language":"ar"}' }, ['de']],
    [{ profile: '{"language":"he"}' }, ['fr']],
    [{ language: 'not json' }, ['fr-CA']],
  ];
  for (const [stored, languages] of cases) {
    const json = (k: keyof Stored) => {
      try {
        return JSON.parse(stored[k] ?? 'null');
      } catch {
        return null;
      }
    };
    const app = preferredLanguage({
      profile: json('profile')?.language,
      choice: json('language'),
      browser: languages,
    });
    expect([stored, languages, L(stored, languages)]).toEqual([
      stored,
      languages,
      app === 'en-XA' ? 'en' : app,
    ]);
  }
});
