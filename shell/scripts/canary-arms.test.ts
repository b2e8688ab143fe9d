/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import {
  VIEWER_COOKIE,
  resolveArms,
  viewerKeyFromCookie,
  viewerOf,
  type ArmInfo,
} from './canary-arms.cjs';

const stable = {
  manifest: 'https://cdn.example/player/1.0.0/mf-manifest.json',
  version: '1.0.0',
  integrity: `sha384-${'a'.repeat(64)}`,
  fallback: { manifest: 'https://cdn.example/player/0.9.0/mf-manifest.json', version: '0.9.0' },
};
const canaryEntry = {
  manifest: 'https://cdn.example/player/1.1.0/mf-manifest.json',
  version: '1.1.0',
  integrity: `sha384-${'b'.repeat(64)}`,
};
const catalog = {
  manifest: 'https://cdn.example/catalog/2.0.0/mf-manifest.json',
  version: '2.0.0',
};

const docAt = (percent: number, catalogPercent?: number) => ({
  environment: 'staging',
  api: 'https://api.example',
  services: {},
  remotes: {
    mf_player: {
      ...stable,
      canary: { entry: canaryEntry, percent, startedAt: '2026-11-27T12:00:00.000Z' },
    },
    mf_catalog:
      catalogPercent === undefined
        ? catalog
        : {
            ...catalog,
            canary: {
              entry: { ...catalog, version: '2.1.0', manifest: `${catalog.manifest}?v=2.1.0` },
              percent: catalogPercent,
              startedAt: '2026-11-27T12:00:00.000Z',
            },
          },
  },
});

const keys = Array.from({ length: 10_000 }, () => randomUUID().replace(/-/g, ''));
const armOf = (percent: number, key: string, remote = 'mf_player') =>
  (resolveArms(docAt(percent, percent), key).arms[remote] as ArmInfo).arm;

test('a viewer is always on the same arm for one document (deterministic, no state)', () => {
  for (const key of keys.slice(0, 500)) expect(armOf(25, key)).toBe(armOf(25, key));
});

test('the share of viewers in the canary is the percent (within a statistical margin)', () => {
  for (const percent of [1, 5, 25, 50]) {
    const inCanary = keys.filter((k) => armOf(percent, k) === 'canary').length / keys.length;
    expect(Math.abs(inCanary - percent / 100)).toBeLessThan(0.01 + percent / 1000);
  }
});

test('raising the percent never moves a viewer back out of the canary (1 → 5 → 25 → 50 → 99)', () => {
  const steps = [1, 2, 5, 10, 25, 50, 75, 99];
  let previous = new Set<string>();
  for (const percent of steps) {
    const now = new Set(keys.filter((k) => armOf(percent, k) === 'canary'));
    for (const key of previous) expect(now.has(key)).toBe(true);
    expect(now.size).toBeGreaterThan(previous.size);
    previous = now;
  }
});

test('buckets are seeded per remote: the same viewers are not first in every canary', () => {
  const player = keys.filter((k) => armOf(10, k, 'mf_player') === 'canary');
  const both = player.filter((k) => armOf(10, k, 'mf_catalog') === 'canary');
  // Independent buckets: about 10% of the player's canary viewers are in the catalog's too.
  expect(both.length / player.length).toBeGreaterThan(0.05);
  expect(both.length / player.length).toBeLessThan(0.15);
});

test('the canary arm gets the canary entry with the stable one as fallback; no canary reaches the shell', () => {
  const inCanary = keys.find((k) => armOf(50, k) === 'canary')!;
  const outside = keys.find((k) => armOf(50, k) === 'stable')!;
  const on = resolveArms(docAt(50), inCanary);
  const { fallback: _f, ...stableEntry } = stable;
  expect(on.doc.remotes.mf_player).toEqual({ ...canaryEntry, fallback: stableEntry });
  expect(on.arms.mf_player).toEqual({
    arm: 'canary',
    version: '1.1.0',
    percent: 50,
    canaryVersion: '1.1.0',
    stableVersion: '1.0.0',
  });
  const off = resolveArms(docAt(50), outside);
  expect(off.doc.remotes.mf_player).toEqual(stable);
  expect(off.arms.mf_player).toMatchObject({ arm: 'stable', version: '1.0.0', percent: 50 });
  for (const r of [on, off]) {
    expect(JSON.stringify(r.doc)).not.toContain('"canary"');
    expect(r.arms.mf_catalog).toEqual({ arm: 'stable', version: '2.0.0' });
  }
});

test('a document without a canary is served as it is; a malformed canary is dropped, never served', () => {
  const plain = { api: 'https://api.example', remotes: { mf_catalog: catalog } };
  expect(resolveArms(plain, keys[0]!).doc).toBe(plain);
  const broken = {
    ...plain,
    remotes: { mf_catalog: { ...catalog, canary: { entry: canaryEntry, percent: 'ten' } } },
  };
  const out = resolveArms(broken, keys[0]!);
  expect(out.doc.remotes.mf_catalog).toEqual(catalog);
  expect(out.arms.mf_catalog).toEqual({ arm: 'stable', version: '2.0.0' });
});

test('the viewer key: a first-party cookie, given once, kept as sent (signing in changes nothing)', () => {
  const first = viewerOf(undefined);
  expect(first.key).toMatch(/^[0-9a-f]{32}$/);
  expect(first.setCookie).toBe(
    `${VIEWER_COOKIE}=${first.key}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax`,
  );
  expect(viewerOf(undefined, { secure: true }).setCookie).toMatch(/; Secure$/);
  // The next requests send it back (with whatever the session adds): same key, no new cookie.
  const again = viewerOf(`theme=dark; ${VIEWER_COOKIE}=${first.key}; other=1`);
  expect(again).toEqual({ key: first.key, setCookie: null });
  // A value this host never sets is replaced, not trusted.
  expect(viewerKeyFromCookie(`${VIEWER_COOKIE}=<script>`)).toBeNull();
  expect(viewerOf(`${VIEWER_COOKIE}=short`).setCookie).not.toBeNull();
});
