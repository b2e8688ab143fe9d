import { earlyHints, watchEngineFor } from './early-hints.cjs';
import { RELEASE_AFTER_MS, STAGE_ID, entryOf, stageMarkup, withoutEntry } from './watch-early.cjs';

const doc = {
  api: 'https://api.example',
  remotes: {
    mf_player: { manifest: 'https://cdn.example/player/1.2.0/mf-manifest.json' },
    mf_catalog: { manifest: 'https://cdn.example/catalog/mf-manifest.json' },
  },
};
const routes = {
  loggedOut: [['/watch/:id/:movieid/:seasonId/:episodeId', 'mf_player', 'Watch', ['hls.js']]] as [
    string,
    string,
    string,
    string[],
  ][],
  loggedIn: [
    ['/watch/:id/:movieid/:seasonId/:episodeId', 'mf_player', 'Watch', ['hls.js']],
    ['/', 'mf_catalog', 'Home'],
  ] as [string, string, string, string[]][],
};
const boot = { scripts: ['main.0123abcd.js', 'bootstrap.2.js'], styles: ['bootstrap.3.css'] };
const WATCH = '/watch/t-1/t-1/0/0';
const ENTRY = '/main.0123abcd.js';
const INDEX = `<html><head><script defer src="${ENTRY}"></script></head><body><div id="root"></div></body></html>`;

test('a watch link with a player manifest gets the engine from beside it; not other pages, nor a pinned player', () => {
  expect(entryOf(INDEX)).toBe(ENTRY);
  expect(withoutEntry(INDEX)).not.toContain('main.0123abcd');
  expect(watchEngineFor(doc, WATCH, routes, ENTRY)).toBe(
    'https://cdn.example/player/1.2.0/early-engine.js',
  );
  expect(watchEngineFor(doc, '/', routes, ENTRY)).toBeNull();
  expect(watchEngineFor(doc, WATCH, routes, null)).toBeNull();
  expect(watchEngineFor({ ...doc, api: undefined }, WATCH, routes, ENTRY)).toBeNull();
  const pinned = {
    ...doc,
    remotes: { mf_player: { ...doc.remotes.mf_player, integrity: 'sha384-abc' } },
  };
  expect(watchEngineFor(pinned, WATCH, routes, ENTRY)).toBeNull();
  const insecure = { ...doc, remotes: { mf_player: { manifest: 'javascript:alert(1)//x' } } };
  expect(watchEngineFor(insecure, WATCH, routes, ENTRY)).toBeNull();
});

test("other pages keep the boot's preloads and the manifest request in the HTML", () => {
  const html = earlyHints(doc, '/', routes, boot, ENTRY);
  expect(html).toContain('<link rel="preload" as="script" href="/main.0123abcd.js">');
  expect(html).toContain('self.__sfEarlyManifest=');
  expect(html).not.toContain('early-engine.js');
});

/** Runs the page's <head> scripts (jsdom does not run inline scripts set by innerHTML). */
function runHead(html: string) {
  document.head.innerHTML = html;
  document.body.innerHTML = `<div id="root"></div>${stageMarkup()}`;
  for (const s of Array.from(document.head.querySelectorAll('script:not([src])')))
    new Function(s.textContent ?? '')();
  const engine = document.head.querySelector<HTMLScriptElement>('script[src]')!;
  return { engine };
}
const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')).map((l) =>
    l.getAttribute('href'),
  );
const entries = () =>
  Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[src]')).filter((s) =>
    s.src.includes('/main.'),
  );

describe("a watch link's HTML", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => new Promise(() => undefined));
    delete (globalThis as { __sfEarlyWatch?: unknown }).__sfEarlyWatch;
    delete (globalThis as { __sfEarlyEngine?: unknown }).__sfEarlyEngine;
  });
  afterEach(() => jest.useRealTimers());

  test('loads the engine and holds the app’s boot until it is released, once', () => {
    const { engine } = runHead(earlyHints(doc, WATCH, routes, boot, ENTRY));
    expect(engine.getAttribute('src')).toBe('https://cdn.example/player/1.2.0/early-engine.js');
    expect(engine.hasAttribute('async')).toBe(true);
    const w = (globalThis as { __sfEarlyWatch?: { call: string; stage: string; release(): void } })
      .__sfEarlyWatch!;
    expect(w.call).toBe('https://api.example/v1/playback/t-1');
    expect(w.stage).toBe(STAGE_ID);
    expect(document.getElementById(STAGE_ID)?.querySelector('[data-early-picture]')).not.toBeNull();
    // Held: no shell chunk, no remote manifest, no entry.
    expect(preloads()).toEqual([]);
    expect(entries()).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalledWith(doc.remotes.mf_player.manifest, expect.anything());

    w.release();
    expect(preloads()).toEqual(['/bootstrap.3.css', '/main.0123abcd.js', '/bootstrap.2.js']);
    expect(entries()).toHaveLength(1);
    expect(fetch).toHaveBeenCalledWith(doc.remotes.mf_player.manifest, { cache: 'no-cache' });
    w.release();
    expect(entries()).toHaveLength(1);
  });

  test('releases the boot when the engine cannot be downloaded, or ran without starting', () => {
    let { engine } = runHead(earlyHints(doc, WATCH, routes, boot, ENTRY));
    engine.dispatchEvent(new Event('error'));
    expect(entries()).toHaveLength(1);
    expect(document.getElementById(STAGE_ID)).toBeNull();

    ({ engine } = runHead(earlyHints(doc, WATCH, routes, boot, ENTRY)));
    engine.dispatchEvent(new Event('load'));
    expect(entries()).toHaveLength(1);

    ({ engine } = runHead(earlyHints(doc, WATCH, routes, boot, ENTRY)));
    (globalThis as { __sfEarlyEngine?: unknown }).__sfEarlyEngine = { v: 1 };
    engine.dispatchEvent(new Event('load'));
    expect(entries()).toHaveLength(0);
    expect(document.getElementById(STAGE_ID)).not.toBeNull();
  });

  test('releases the boot after its own limit whatever the engine does', () => {
    runHead(earlyHints(doc, WATCH, routes, boot, ENTRY));
    jest.advanceTimersByTime(RELEASE_AFTER_MS - 1);
    expect(entries()).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(entries()).toHaveLength(1);
  });

  test("does not preload the remote's hls.js: the engine brings it", async () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      exposes: [{ name: 'Watch', assets: { css: { sync: [] }, js: { sync: ['watch.1.js'] } } }],
      shared: [{ name: 'hls.js', assets: { js: { sync: ['hls.9.js'] } } }],
    };
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async () => ({
      ok: true,
      clone: () => ({ json: async () => manifest }),
    }));
    runHead(earlyHints(doc, WATCH, routes, boot, ENTRY));
    (globalThis as { __sfEarlyWatch?: { release(): void } }).__sfEarlyWatch!.release();
    await jest.runAllTimersAsync();
    const hrefs = preloads();
    expect(hrefs).toContain('https://cdn.example/player/1.2.0/watch.1.js');
    expect(hrefs.some((h) => h?.includes('hls.9.js'))).toBe(false);
  });
});
