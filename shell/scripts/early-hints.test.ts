import { bootFallback, earlyHints, remoteForPath } from './early-hints.cjs';

const doc = {
  api: 'https://api.example',
  remotes: {
    mf_catalog: { manifest: 'https://cdn.example/catalog/1.0.0/mf-manifest.json' },
    mf_account: { manifest: 'https://accounts.example/mf-manifest.json' },
    mf_player: { manifest: 'https://cdn.example/player/mf-manifest.json?x=</script>' },
  },
};
const routes = {
  loggedOut: [
    ['/', 'mf_catalog'],
    ['/login', 'mf_account'],
    ['/movie/:type/:id', 'mf_catalog'],
    ['/watch/:id/:movieid/:seasonId/:episodeId', 'mf_player'],
    ['/welcome', 'mf_account'],
  ] as [string, string][],
  loggedIn: [
    ['/', 'mf_catalog'],
    ['/movie/:type/:id', 'mf_catalog'],
    ['/watch/:id/:movieid/:seasonId/:episodeId', 'mf_player'],
    ['/welcome', 'mf_catalog'],
  ] as [string, string][],
};

test('paths match like the shell route tables: params match one non-empty segment', () => {
  expect(remoteForPath(routes.loggedOut, '/movie/movie/t-1')).toBe('mf_catalog');
  expect(remoteForPath(routes.loggedOut, '/movie/movie/')).toBeUndefined();
  expect(remoteForPath(routes.loggedOut, '/movie/movie/t-1/extra')).toBeUndefined();
  expect(remoteForPath(routes.loggedOut, '/login/')).toBe('mf_account');
});

test("a title page opens the API's connections and requests the catalogue manifest", () => {
  const html = earlyHints(doc, '/movie/movie/t-1', routes);
  expect(html).toContain('<link rel="preconnect" href="https://api.example">');
  expect(html).toContain('<link rel="preconnect" href="https://api.example" crossorigin>');
  expect(html).toContain(
    'fetch("https://cdn.example/catalog/1.0.0/mf-manifest.json",{cache:"no-cache"})',
  );
  expect(html).not.toContain('accounts.example');
});

test("a title page preloads its backdrop, the page's largest paint, from the API", () => {
  const html = earlyHints(doc, '/movie/movie/t-1', routes);
  expect(html).toContain(
    '<link rel="preload" as="image" href="https://api.example/v1/artwork/t-1/backdrop.svg" fetchpriority="high">',
  );
  // The id is encoded as the API encodes it, so the preload and the <img> are one request.
  expect(earlyHints(doc, '/movie/movie/a"b', routes)).toContain('/v1/artwork/a%22b/backdrop.svg');
  expect(earlyHints(doc, '/login', routes)).not.toContain('backdrop.svg');
});

test('a path only one route set has uses that set; a path the sets give to different remotes gets only the API', () => {
  expect(earlyHints(doc, '/login', routes)).toContain('accounts.example/mf-manifest.json');
  const welcome = earlyHints(doc, '/welcome', routes);
  expect(welcome).not.toContain('mf-manifest.json');
  expect(welcome).toContain('href="https://api.example"');
});

test('nothing in a manifest URL can close the inline script', () => {
  const html = earlyHints(doc, '/watch/t-1/t-1/0/0', routes);
  expect(html).toContain('\\u003c/script>');
  expect(html.match(/<\/script>/g)).toHaveLength(html.match(/<script>/g)!.length);
});

test('without route data, or for an unknown path, no manifest is requested', () => {
  for (const html of [earlyHints(doc, '/', null), earlyHints(doc, '/nowhere', routes)]) {
    expect(html).not.toContain('mf-manifest.json');
    expect(html).toContain('<link rel="preconnect" href="https://api.example">');
  }
  expect(earlyHints({ api: 'not a url' }, '/', routes)).toBe('');
});

test("the shell's boot chunks are preloaded from the HTML, its entry first; other paths are not", () => {
  const boot = {
    scripts: ['main.1.js', 'bootstrap.2.js', '../x.js', 'https://evil.example/a.js'],
    styles: ['bootstrap.3.css'],
  };
  const html = earlyHints(doc, '/login', routes, boot);
  expect(html).toContain('<link rel="preload" as="style" href="/bootstrap.3.css">');
  expect(html.indexOf('href="/main.1.js"')).toBeLessThan(html.indexOf('href="/bootstrap.2.js"'));
  expect(html).not.toContain('x.js');
  expect(html).not.toContain('evil.example');
  expect(earlyHints(doc, '/login', routes, null)).not.toContain('<link rel="preload" as="script"');
});

describe("the screen's remote assets, preloaded when the early manifest arrives", () => {
  const withExposes = {
    loggedOut: [['/', 'mf_catalog', 'Landing']] as [string, string, string][],
    loggedIn: [['/', 'mf_catalog', 'Home']] as [string, string, string][],
  };
  const manifest = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      { name: 'Landing', assets: { js: { sync: ['landing.js'] }, css: { sync: ['landing.css'] } } },
      { name: 'Home', assets: { js: { sync: ['home.js'] }, css: { sync: [] } } },
    ],
  };
  async function run(token: string | null, answer: unknown, document = doc) {
    const script = /<script>(self\.__sfEarlyManifest.*?)<\/script>/.exec(
      earlyHints(document, '/', withExposes),
    )![1]!;
    const links: Array<{
      rel?: string;
      as?: string;
      href?: string;
      integrity?: string;
      crossOrigin?: string;
    }> = [];
    const env = {
      self: {} as { __sfEarlyManifest?: { response: Promise<unknown> } },
      fetch: async () => answer,
      document: { createElement: () => ({}), head: { appendChild: (l: never) => links.push(l) } },
      localStorage: { getItem: () => token },
      location: { href: 'https://shell.example/' },
    };
    new Function(...Object.keys(env), script)(...Object.values(env));
    await env.self.__sfEarlyManifest!.response;
    await new Promise((r) => setTimeout(r, 0));
    return links.map(
      (l) => `${l.rel} ${l.as} ${l.href}${l.integrity ? ` ${l.integrity} ${l.crossOrigin}` : ''}`,
    );
  }
  const ok = { ok: true, clone: () => ({ json: async () => manifest }) };
  const base = 'https://cdn.example/catalog/1.0.0/';

  test('the page tells the shell which remote it preloads, so the runtime does not again', () => {
    expect(earlyHints(doc, '/', withExposes)).toContain('self.__sfEarlyAssets="mf_catalog";');
    expect(earlyHints(doc, '/', routes)).not.toContain('__sfEarlyAssets');
  });

  test("a guest's landing: the remote entry, then the screen's style sheets and scripts", async () => {
    expect(await run(null, ok)).toEqual([
      `preload script ${base}remoteEntry.js`,
      `preload style ${base}landing.css`,
      `preload script ${base}landing.js`,
    ]);
  });

  test("a signed-in viewer's home", async () => {
    expect(await run('{"token":"t"}', ok)).toEqual([
      `preload script ${base}remoteEntry.js`,
      `preload script ${base}home.js`,
    ]);
  });

  test('an entry the document pins by integrity is preloaded with it, in CORS mode, as the script loads it', async () => {
    const integrity = `sha384-${'A'.repeat(64)}`;
    const pinned = {
      ...doc,
      remotes: { ...doc.remotes, mf_catalog: { ...doc.remotes.mf_catalog, integrity } },
    };
    expect(await run(null, ok, pinned)).toEqual([
      `preload script ${base}remoteEntry.js ${integrity} anonymous`,
      `preload style ${base}landing.css`,
      `preload script ${base}landing.js`,
    ]);
  });

  test('a failed or malformed manifest preloads nothing and throws nothing', async () => {
    expect(await run(null, null)).toEqual([]);
    expect(await run(null, { ok: false })).toEqual([]);
    expect(await run(null, { ok: true, clone: () => ({ json: async () => ({}) }) })).toEqual([]);
    expect(
      await run(null, {
        ok: true,
        clone: () => ({ json: async () => Promise.reject(new Error()) }),
      }),
    ).toEqual([]);
  });
});

describe("a guest's first calls, requested by the HTML", () => {
  const boot = { scripts: [], styles: [], httpClient: ['http-client.1.js'] };
  function run(
    pathname: string,
    store: Record<string, string>,
    search = '',
    answer: unknown = { status: true, data: { id: 1 } },
  ) {
    const scripts = [...earlyHints(doc, pathname, null, boot).matchAll(/<script>(.*?)<\/script>/g)];
    const requested: string[] = [];
    const preloaded: string[] = [];
    const env = {
      self: {} as {
        __sfEarlyData?: Record<string, { at: number; answer: Promise<unknown> }>;
        __sfEarlyScreen?: boolean;
      },
      fetch: async (u: string) => {
        requested.push(u);
        return { status: 200, json: async () => answer };
      },
      localStorage: { getItem: (k: string) => store[k] ?? null },
      location: { search },
      document: {
        createElement: () => ({}),
        head: { appendChild: (l: { href: string }) => preloaded.push(l.href) },
      },
    };
    for (const [, script] of scripts)
      new Function(...Object.keys(env), script!)(...Object.values(env));
    return { requested, preloaded, data: env.self.__sfEarlyData, screen: env.self.__sfEarlyScreen };
  }
  const filters = 'https://api.example/v1/titles/filters';

  test("a title page's title, with the stored country or the default; no HTTP client preloaded", async () => {
    const { requested, preloaded, data, screen } = run('/movie/movie/t-1', {});
    expect(requested).toEqual([filters, 'https://api.example/v1/titles/t-1?country=US']);
    expect(screen).toBe(true);
    expect(preloaded).toEqual([]);
    await expect(data!['https://api.example/v1/titles/t-1?country=US']!.answer).resolves.toEqual({
      status: 200,
      body: { status: true, data: { id: 1 } },
    });
    expect(run('/movie/series/t-2', { country: 'IN' }).requested).toEqual([
      filters,
      'https://api.example/v1/titles/t-2?country=IN',
    ]);
  });

  test("the explore list's first four posters are preloaded when it arrives", async () => {
    const results = [1, 2, 3, 4, 5].map((n) => ({ posterUrl: `https://api.example/p${n}.svg` }));
    const list = run('/skip-explore', {}, '', { status: true, data: { results } });
    await Promise.all(Object.values(list.data!).map((e) => e.answer));
    expect(list.preloaded).toEqual([1, 2, 3, 4].map((n) => `https://api.example/p${n}.svg`));
    // Not for a title page, nor from an answer without a list.
    const title = run('/movie/movie/t-1', {}, '', { status: true, data: { results } });
    await Promise.all(Object.values(title.data!).map((e) => e.answer));
    expect(title.preloaded).toEqual([]);
    const odd = run('/skip-explore', {}, '', { status: true, data: { results: 'no' } });
    await Promise.all(Object.values(odd.data!).map((e) => e.answer));
    expect(odd.preloaded).toEqual([]);
  });

  test('the explore list with nothing chosen; not with a search or filters in the URL', () => {
    expect(run('/skip-explore', {}).requested).toEqual([
      filters,
      'https://api.example/v1/titles/search?page=1&limit=24&country=US',
    ]);
    const searching = run('/skip-explore', {}, '?q=orchard');
    expect(searching.requested).toEqual([filters]);
    expect(searching.preloaded).toEqual(['/http-client.1.js']);
  });

  test('other screens: the filter options, and the HTTP client preloaded for their own calls', () => {
    const login = run('/login', {});
    expect(login.requested).toEqual([filters]);
    expect(login.screen).toBeUndefined();
    expect(login.preloaded).toEqual(['/http-client.1.js']);
    expect(run('/movie/movie/%E0%A4%A', {}).requested).toEqual([filters]);
  });

  test("a guest's landing calls nothing of its own: no HTTP client preloaded; a member's home preloads it", () => {
    const guest = run('/', {});
    expect(guest.requested).toEqual([filters]);
    expect(guest.screen).toBe(true);
    expect(guest.preloaded).toEqual([]);
    const member = run('/', { token: '{"token":"t"}' });
    expect(member.requested).toEqual([]);
    expect(member.screen).toBeUndefined();
    expect(member.preloaded).toEqual(['/http-client.1.js']);
  });

  test('a device with a session: no early call, the HTTP client preloaded', () => {
    const member = run('/movie/movie/t-1', { token: '{"token":"t"}' });
    expect(member.requested).toEqual([]);
    expect(member.preloaded).toEqual(['/http-client.1.js']);
  });

  test('without an API origin the HTTP client is preloaded by a link', () => {
    expect(earlyHints({}, '/', null, boot)).toBe(
      '<link rel="preload" as="script" href="/http-client.1.js">',
    );
  });
});

describe('what #root shows until the app renders', () => {
  test("spec §2's loading screen on a page without one of its own, with no words and marked as loading", () => {
    for (const path of ['/', '/my-list', '/skip-explore', '/login', '/no/such/page']) {
      const html = bootFallback(doc, path);
      expect(html).toMatch(
        /^<style>[^<]*<\/style><div class="sfl" aria-busy="true" data-screen-loading>/,
      );
      expect(html).toContain('<div class="sfw-logo">STREAMFLIX</div>');
      expect(html.match(/<i><\/i>/g)).toHaveLength(4);
      expect(html).not.toMatch(/<script|<img/);
    }
  });

  test("a watch link's shows the title's artwork; a title page's HTML has the title's own", () => {
    expect(bootFallback(doc, '/watch/t-1/t-1/0/0')).toContain('class="sfw-stage"');
    expect(bootFallback(doc, '/movie/movie/t-1')).toBe('');
    expect(bootFallback(doc, '/movie/series/t-1/')).toBe('');
  });

  test('a watch link without an API in the document, or with a malformed escape, gets the plain screen', () => {
    expect(bootFallback({}, '/watch/t-1/t-1/0/0')).toContain('class="sfl"');
    expect(bootFallback(doc, '/watch/%E0%A4%A/x/0/0')).toContain('class="sfl"');
  });
});
