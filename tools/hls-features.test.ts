import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { hlsFromSource } from '../rspack.hls';

/**
 * hls.js is built from its source (rspack.hls.ts): every compile-time switch its source reads must
 * be defined, or the module throws a ReferenceError when it loads and the player silently falls
 * back to the browser's own HLS (no quality menu, no ABR of ours). An hls.js upgrade that adds a
 * switch fails here first.
 */
const appDir = path.join(__dirname, '../mf-player');
const build = hlsFromSource(appDir);
const src = path.join(
  path.dirname(require.resolve('hls.js/package.json', { paths: [appDir] })),
  'src',
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}

test("every compile-time switch of hls.js's source is defined", () => {
  const used = new Set<string>();
  for (const file of sources(src))
    for (const m of readFileSync(file, 'utf8').matchAll(/\b__[A-Z0-9_]+__\b/g)) used.add(m[0]);
  // Read only behind `typeof` (demux/inject-worker.ts): the worker bundle of hls.js's UMD build.
  used.delete('__HLS_WORKER_BUNDLE__');
  expect(used.size).toBeGreaterThan(5);
  const missing = [...used].filter((flag) => !(flag in build.define));
  expect(missing).toEqual([]);
});

test('the features our streams need are on, the others off', () => {
  expect(build.define.__USE_ALT_AUDIO__).toBe('true');
  expect(build.define.__USE_SUBTITLES__).toBe('true');
  expect(build.define.__USE_EME_DRM__).toBe('false');
  expect(build.define.__USE_INTERSTITIALS__).toBe('false');
  expect(JSON.parse(build.define.__VERSION__ ?? 'null')).toMatch(/^\d+\.\d+\.\d+/);
});
