const shareScope: Record<string, Record<string, { from?: string; loaded?: boolean }>> = {};
jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => ({ shareScopeMap: { default: shareScope } }),
}));
const manifestOf = (remote: string) => ({
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'Watch', assets: { js: { sync: ['watch.js'] }, css: { sync: ['watch.css'] } } },
  ],
  shared: [{ name: 'hls.js', assets: { js: { sync: [`hls-from-${remote}.js`] } } }],
});
jest.mock('./remote-registry', () => ({
  federatedManifest: async (remote: string) => ({
    manifestUrl: `https://cdn.example/${remote}/mf-manifest.json`,
    manifest: manifestOf(remote),
    entryCors: false,
  }),
}));

import { screenAssets } from './screen-assets';

const urls = async (libraries?: string[]) =>
  (await screenAssets('mf_player', 'Watch', libraries)).map((f) => f.url);

beforeEach(() => {
  for (const key of Object.keys(shareScope)) delete shareScope[key];
});

it("lists the entry and the expose's files, and a library only when asked for", async () => {
  expect(await urls()).toEqual([
    'https://cdn.example/mf_player/remoteEntry.js',
    'https://cdn.example/mf_player/watch.js',
    'https://cdn.example/mf_player/watch.css',
  ]);
});

it('takes a library from the remote that registered it first on the page (the one that will load)', async () => {
  shareScope['hls.js'] = { '1.7.4': { from: 'mf_catalog' } };
  expect(await urls(['hls.js'])).toContain('https://cdn.example/mf_catalog/hls-from-mf_catalog.js');
  expect((await urls(['hls.js'])).join()).not.toContain('hls-from-mf_player');
});

it("falls back to the screen's own remote, and skips a library already loaded", async () => {
  expect(await urls(['hls.js'])).toContain('https://cdn.example/mf_player/hls-from-mf_player.js');
  shareScope['hls.js'] = { '1.7.4': { from: 'mf_catalog', loaded: true } };
  expect((await urls(['hls.js'])).join()).not.toContain('hls-from');
});
