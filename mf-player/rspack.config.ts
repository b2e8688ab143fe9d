import { createConfig, exposesOf, lazyShared } from '../rspack.config.base';

// Public surface: every file in src/exposes/ (screens + single-spa lifecycles).
export default createConfig({
  name: 'mf_player',
  dir: __dirname,
  title: 'mf-player (standalone)',
  exposes: exposesOf(__dirname),
  // The catalogue's trailer and the player both play HLS: one hls.js download between them.
  sharedExtra: lazyShared(__dirname, ['hls.js']),
});
