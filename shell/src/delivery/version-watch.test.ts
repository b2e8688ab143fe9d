import { parseCompositionDocument } from '@streamflix/composition';
import local from '../../composition/local.json';
import { VersionWatch, changedRemotes, type TabVersions } from './version-watch';

/**
 * An open tab's check for a new version: a conditional GET that learns which remotes it runs moved,
 * ignores the ones it runs from an override, backs off on failures and stops where nothing answers.
 */

const started = parseCompositionDocument(local);
const same = (): TabVersions => ({
  remotes: Object.fromEntries(
    Object.entries(started.remotes).map(([n, e]) => [
      n,
      { manifest: e.manifest, version: e.version },
    ]),
  ),
});
const moved = (name: string): TabVersions => {
  const v = same();
  v.remotes[name] = {
    manifest: 'https://cdn.example.test/next/mf-manifest.json',
    version: '9.9.9',
  };
  return v;
};
const [first, second] = Object.keys(started.remotes) as [string, string];

function host(answers: Array<TabVersions | number>) {
  const requests: Array<Record<string, string>> = [];
  const fetchImpl = ((_url: string, init?: RequestInit) => {
    requests.push({ ...(init?.headers as Record<string, string>) });
    const next = answers.shift();
    if (next === undefined) return Promise.reject(new TypeError('offline'));
    // jsdom has no Response: the part of one the watch reads.
    const status = typeof next === 'number' ? next : 200;
    const etag = `"e${requests.length}"`;
    return Promise.resolve({
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => (name === 'etag' ? etag : null) },
      json: () => Promise.resolve(next),
    } as unknown as Response);
  }) as typeof fetch;
  return { requests, fetchImpl };
}

test('the remotes whose entry moved, except those the tab runs from an override', () => {
  expect(changedRemotes(started, same(), new Set())).toEqual([]);
  expect(changedRemotes(started, moved(first), new Set())).toEqual([first]);
  expect(changedRemotes(started, moved(first), new Set([first]))).toEqual([]);
  const integrity = same();
  integrity.remotes[second]!.integrity = `sha384-${'A'.repeat(64)}`;
  expect(changedRemotes(started, integrity, new Set())).toEqual([second]);
});

test('revalidates with the ETag it holds, and tells its listeners when a remote moved', async () => {
  let clock = 0;
  const { requests, fetchImpl } = host([same(), 304, moved(first)]);
  const watch = new VersionWatch({
    started,
    overridden: () => new Set(),
    fetch: fetchImpl,
    now: () => clock,
  });
  const heard = jest.fn();
  watch.subscribe(heard);
  await watch.navigated();
  expect(requests[0]).toEqual({});
  // A navigation a moment later does not ask again.
  clock += 1000;
  await watch.navigated();
  expect(requests).toHaveLength(1);
  clock += 10_000;
  await watch.navigated();
  expect(requests[1]).toEqual({ 'If-None-Match': '"e1"' });
  expect(watch.get()).toEqual([]);
  clock += 10_000;
  await watch.navigated();
  expect(watch.get()).toEqual([first]);
  expect(heard).toHaveBeenCalledTimes(1);
});

test('failures back off (doubling, at most ten minutes); a host without the endpoint ends the checks', async () => {
  const { fetchImpl } = host([500]);
  const watch = new VersionWatch({ started, overridden: () => new Set(), fetch: fetchImpl });
  await watch.check();
  expect(watch.delayMs).toBe(120_000);
  for (let i = 0; i < 6; i++) await watch.check();
  expect(watch.delayMs).toBe(600_000);
  const dev = host([404]);
  const devWatch = new VersionWatch({ started, overridden: () => new Set(), fetch: dev.fetchImpl });
  await devWatch.check();
  expect(devWatch.active).toBe(false);
  await devWatch.navigated();
  expect(dev.requests).toHaveLength(1);
});
