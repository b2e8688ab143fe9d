import path from 'node:path';
import { readFileSync } from 'node:fs';

/**
 * hls.js built from the source its package ships (`hls.js/src`), with only the features our
 * streams and player use (issue 36). The published bundle carries every feature hls.js has: 147 KB
 * brotli, the largest file a typed watch link waits for (0.75 Mbps on 3G: 1.6 s of it). Built from
 * source with the features below switched off at compile time it is 112 KB, and nothing the
 * player does changes:
 *
 * - kept: alternate audio renditions (our streams' audio is its own playlists, one per language
 *   and the audio description) and subtitles (WebVTT captions);
 * - left out: DRM (EME), CMCD, content steering, interstitials (ad and promo breaks), I-frame
 *   playlists, variable substitution, HEVC and AC-3 in MPEG-TS, and the MediaCapabilities probe
 *   (our three rungs are H.264 and AAC, which every browser that runs hls.js decodes).
 *
 * The flags are the ones hls.js's own build defines (its light build turns the same switches);
 * the source then keeps `flag ? Controller : undefined`, and the bundler drops the controllers
 * nothing reaches (hls.js's source has no side effects on import). Both apps that play HLS (the
 * catalogue's trailer, the player) build it the same way, and share it as `hls.js` at the package's
 * version, so one download serves both whichever loads first.
 */
export const HLS_FEATURES = {
  __USE_ALT_AUDIO__: true,
  __USE_SUBTITLES__: true,
  __USE_EME_DRM__: false,
  __USE_CMCD__: false,
  __USE_CONTENT_STEERING__: false,
  __USE_INTERSTITIALS__: false,
  __USE_IFRAMES__: false,
  __USE_VARIABLE_SUBSTITUTION__: false,
  __USE_MEDIA_CAPABILITIES__: false,
  __USE_M2TS_ADVANCED_CODECS__: false,
} as const;

/** hls.js's package folder, as an app of this repository resolves it. */
function hlsPackageDir(appDir: string): string {
  return path.dirname(require.resolve('hls.js/package.json', { paths: [appDir] }));
}

/** The resolve alias, module rule and compile-time constants of hls.js built from source. */
export function hlsFromSource(appDir: string) {
  const dir = hlsPackageDir(appDir);
  const src = path.join(dir, 'src');
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    // `import('hls.js')` (exact request) gets the source's default export, the Hls class.
    alias: { 'hls.js$': path.join(src, 'exports-default.ts') },
    // The transmuxer's worker, built on its own (rspack.early.ts transmuxWorkerConfig).
    worker: path.join(src, 'demux', 'transmuxer-worker.ts'),
    rule: {
      test: /\.ts$/,
      include: src,
      loader: 'builtin:swc-loader',
      options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
      type: 'javascript/auto',
      sideEffects: false,
    },
    define: <Record<string, string>>{
      __VERSION__: JSON.stringify(version),
      // The version the build's transmuxer worker is made from (transmux-worker.ts checks it).
      'process.env.HLS_VERSION': JSON.stringify(version),
      // The page's build: hls.js's package bundle would inline its worker; ours loads it from
      // hls-worker.js (transmuxWorkerConfig), built with this switched on.
      __IN_WORKER__: 'false',
      ...Object.fromEntries(Object.entries(HLS_FEATURES).map(([k, v]) => [k, String(v)])),
    },
  };
}
