import { earlyHints, remoteForPath } from './early-hints.cjs';

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
  expect(earlyHints(doc, '/login', routes)).not.toContain('rel="preload"');
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
  expect(html.match(/<\/script>/g)).toHaveLength(1);
});

test('without route data, or for an unknown path, only the API connection is opened', () => {
  for (const html of [earlyHints(doc, '/', null), earlyHints(doc, '/nowhere', routes)]) {
    expect(html).not.toContain('<script>');
    expect(html).toContain('https://api.example');
  }
  expect(earlyHints({ api: 'not a url' }, '/', routes)).toBe('');
});
