const loadExposed = jest.fn((_remote: string, _expose: string) => Promise.resolve({ default: {} }));
jest.mock('../composition/remote-registry', () => ({
  loadExposed: (remote: string, expose: string) => loadExposed(remote, expose),
  resolveRemote: () => Promise.resolve({ mount: 'federated' }),
}));

import { startScreenPrefetch } from './screen-prefetch';

const flush = () => new Promise((r) => setTimeout(r, 0));

test('after the first interaction and idle, every screen the page links to is fetched once', async () => {
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
  expect(loadExposed).not.toHaveBeenCalled();
  window.dispatchEvent(new Event('pointermove'));
  await flush();
  await flush();
  const loaded = loadExposed.mock.calls.map(([r, e]) => `${r}/${e}`).sort();
  expect(loaded).toEqual(['mf_account/Login', 'mf_catalog/GuestExplore', 'mf_catalog/TitleDetail']);
  stop();
});
