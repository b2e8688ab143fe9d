import { createConfig, exposesOf, lazyShared } from '../rspack.config.base';
import { earlyEngineConfig, transmuxWorkerConfig } from '../rspack.early';

const isDev = process.env.NODE_ENV === 'development' || process.argv.includes('dev');

// Public surface: every file in src/exposes/ (screens + single-spa lifecycles), and the early
// engine (early-engine.js) a watch link's HTML runs before the app (src/early/early-playback.ts).
// Beside them, hls.js's transmuxer worker (hls-worker.js, src/features/playback/hls/transmux-worker.ts).
const remote = createConfig({
  name: 'mf_player',
  dir: __dirname,
  title: 'mf-player (standalone)',
  exposes: exposesOf(__dirname),
  // The catalogue's trailer and the player both play HLS: one hls.js download between them.
  sharedExtra: lazyShared(__dirname, ['hls.js']),
});

export default isDev
  ? remote
  : [
      {
        ...remote,
        name: 'mf_player',
        output: { ...remote.output, clean: { keep: /^(early-engine|hls-worker)\.js/ } },
      },
      earlyEngineConfig(__dirname, 'mf_player'),
      transmuxWorkerConfig(__dirname, 'mf_player'),
    ];
