const loadExposed = jest.fn((_remote: string, _expose: string) => Promise.resolve({ default: {} }));
const screenAssets = jest.fn((remote: string, expose: string, _libraries?: string[]) =>
  Promise.resolve([
    { url: `https://cdn.example/${remote}/remoteEntry.js`, as: 'script', cors: true },
    { url: `https://cdn.example/${remote}/${expose}.js`, as: 'script', cors: false },
    { url: `https://cdn.example/${remote}/${expose}.css`, as: 'style', cors: false },
  ]),
);
let settle: () => void = () => undefined;
jest.mock('../composition/remote-registry', () => ({
  loadExposed: (remote: string, expose: string) => loadExposed(remote, expose),
  resolveRemote: () => Promise.resolve({ mount: 'federated' }),
}));
jest.mock('../composition/screen-assets', () => ({
  screenAssets: (remote: string, expose: string, libraries?: string[]) =>
    screenAssets(remote, expose, libraries),
}));
jest.mock('../platform/first-screen', () => ({
  afterFirstScreen: (run: () => void) => {
    settle = run;
    return () => undefined;
  },
}));

import { startScreenPrefetch } from './screen-prefetch';

const flush = () => new Promise((r) => setTimeout(r, 0));

test('once the first screen settles, with no interaction, the files of every linked screen are fetched without running', async () => {
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <header><nav><a href="/skip-explore">Explore</a></nav><a href="/login">Log in</a></header>
    <div id="main-content"><a href="/movie/movie/t-1">A</a><a href="/movie/movie/t-2">B</a>
      <a href="https://elsewhere.example/login">Other site</a></div>
    <footer><a href="/terms">Terms</a></footer>`;
  window.requestIdleCallback = ((cb: () => void) => {
    setTimeout(cb, 0);
    return 1;
  }) as unknown as typeof window.requestIdleCallback;
  const stop = startScreenPrefetch();
  await flush();
  expect(screenAssets).not.toHaveBeenCalled();
  settle();
  await flush();
  await flush();
  const screens = screenAssets.mock.calls.map(([r, e]) => `${r}/${e}`).sort();
  expect(screens).toEqual([
    'mf_account/Login',
    'mf_catalog/GuestExplore',
    'mf_catalog/TitleDetail',
  ]);
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
  // Each file once (two title links share one screen), the entry in the pinned entry's CORS mode.
  expect(links.map((l) => l.href)).toContain('https://cdn.example/mf_catalog/remoteEntry.js');
  expect(new Set(links.map((l) => l.href)).size).toBe(links.length);
  expect(links.find((l) => l.href.endsWith('remoteEntry.js'))!.crossOrigin).toBe('anonymous');
  expect(links.find((l) => l.href.endsWith('.css'))!.as).toBe('style');
  // Fetched, not run: no screen module was loaded.
  expect(loadExposed).not.toHaveBeenCalled();
  stop();
});

test('intent (a link touched or hovered) loads and runs that one screen', async () => {
  document.body.innerHTML = `<div id="main-content"><a id="a" href="/skip-explore">Explore</a></div>`;
  const stop = startScreenPrefetch();
  document.getElementById('a')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
  await flush();
  await flush();
  expect(loadExposed.mock.calls.map(([r, e]) => `${r}/${e}`)).toEqual(['mf_catalog/GuestExplore']);
  stop();
});

test("a link to the watch screen prefetches the player's library with its files", async () => {
  screenAssets.mockClear();
  document.body.innerHTML = `<div id="main-content"><a href="/watch/t-9/t-9/0/0">Play</a></div>`;
  const stop = startScreenPrefetch();
  settle();
  await flush();
  await flush();
  expect(screenAssets.mock.calls).toEqual([['mf_player', 'Watch', ['hls.js']]]);
  stop();
});

test('a file the page already loads (a preloaded entry, a script) is not fetched again', async () => {
  screenAssets.mockClear();
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="main-content"><a href="/signup">Sign up</a></div>`;
  const stop = startScreenPrefetch();
  // The page already holds the screen's entry (preloaded with its integrity) and its script.
  screenAssets.mockImplementationOnce((remote: string, expose: string) => {
    document.head.innerHTML = `
      <link rel="preload" as="script" crossorigin="anonymous" integrity="sha384-x"
        href="https://cdn.example/${remote}/remoteEntry.js">
      <script src="https://cdn.example/${remote}/${expose}.js"></script>`;
    return Promise.resolve([
      { url: `https://cdn.example/${remote}/remoteEntry.js`, as: 'script', cors: true },
      { url: `https://cdn.example/${remote}/${expose}.js`, as: 'script', cors: false },
      { url: `https://cdn.example/${remote}/${expose}.css`, as: 'style', cors: false },
    ]);
  });
  settle();
  await flush();
  await flush();
  expect(screenAssets).toHaveBeenCalledTimes(1);
  const [remote, expose] = screenAssets.mock.calls[0]!;
  const prefetched = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
  expect(prefetched.map((l) => l.href)).toEqual([`https://cdn.example/${remote}/${expose}.css`]);
  stop();
});
