import path from 'node:path';
import { rspack, type Compilation, type Compiler, type Configuration } from '@rspack/core';
import { createConfig } from '../rspack.config.base';
import {
  isRedirect,
  loggedInRoutes,
  loggedOutRoutes,
  type RouteTable,
} from './src/routing/route-tables';

// The host: no exposes, no remote URLs. Remotes come from the composition document at run time.
const config = createConfig({ name: 'shell', dir: __dirname, port: 3000, title: 'Streamflix' });
config.name = 'shell';

// Files served as they are, at fixed URLs: the help widget script (loaded like a provider's),
// the web app manifest, its icons and the offline page.
config.plugins!.push(
  new rspack.CopyRspackPlugin({
    patterns: [{ from: path.join(__dirname, 'public/static'), to: '.' }],
  }),
);

/** Writes `fileName` (JSON) at `stage` of each compilation; `make` answers undefined to skip one. */
function emitJson(fileName: string, stage: number, make: (compilation: Compilation) => unknown) {
  config.plugins!.push({
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(fileName, (compilation) => {
        compilation.hooks.processAssets.tap({ name: fileName, stage }, () => {
          const value = make(compilation);
          if (value !== undefined)
            compilation.emitAsset(fileName, new rspack.sources.RawSource(JSON.stringify(value)));
        });
      });
    },
  });
}

/**
 * route-remotes.json: which remote owns each path of both route sets, for the
 * host to open that remote's connection and request its manifest from the HTML
 * (shell/scripts/early-hints.cjs) without a copy of the route tables; with the
 * lazily shared libraries a screen loads (the player's hls.js), preloaded with it.
 */
const routeRemotes = (table: RouteTable) =>
  table.flatMap((r) =>
    isRedirect(r)
      ? []
      : [
          r.libraries?.length
            ? [r.path, r.remote, r.expose, r.libraries]
            : [r.path, r.remote, r.expose],
        ],
  );
emitJson('route-remotes.json', rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL, () => ({
  loggedIn: routeRemotes(loggedInRoutes),
  loggedOut: routeRemotes(loggedOutRoutes),
}));

/**
 * required-exposes.json: per remote, every expose this shell's route tables mount. The compose
 * step (`@streamflix/delivery`) gates a remote against the environment's deployed shell with it.
 */
emitJson('required-exposes.json', rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL, () => {
  const required: Record<string, string[]> = {};
  for (const r of [...loggedInRoutes, ...loggedOutRoutes])
    if (!isRedirect(r))
      required[r.remote] = [...new Set([...(required[r.remote] ?? []), r.expose])].sort();
  return required;
});

/** Shared modules every start renders with (the shell provides them; see bootstrap.tsx and app.tsx). */
const BOOT_SHARED = [
  '@streamflix/shared',
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'jotai',
  '@tanstack/react-query',
];
/** Chunk groups every start loads: the entry (first: everything else waits for it to run) and the bootstrap. */
const BOOT_CHUNK_GROUPS = ['main', 'bootstrap'];
/** The shared HTTP client (axios): listed apart, the host preloads it only where a screen needs it first. */
const HTTP_CLIENT_GROUP = 'http-client';

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[] }; css: { sync: string[] } };
}

/**
 * boot-assets.json: the scripts and style sheets every start of the shell loads (its entry,
 * the bootstrap chunk, the shared modules it renders with) and the HTTP client's, for the host to
 * preload them from the HTML (shell/scripts/early-hints.cjs). Without it all but the entry
 * waited for the entry to be downloaded and run, a round trip and a task later on every cold
 * start.
 */
function bootAssets(compilation: Compilation) {
  // Module Federation builds tree-shaken shared modules in compilations of their own.
  if (!compilation.namedChunkGroups.get('main')) return undefined;
  const groupFiles = (name: string) => {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`BootAssets: no chunk group named ${name}`);
    return group.chunks.flatMap((chunk) => [...chunk.files]);
  };
  const files = new Set(BOOT_CHUNK_GROUPS.flatMap(groupFiles));
  const manifest = compilation.getAsset('mf-manifest.json');
  if (!manifest) throw new Error('BootAssets: mf-manifest.json is not emitted');
  const shared = (JSON.parse(manifest.source.source().toString()) as { shared: ManifestShared[] })
    .shared;
  // Two share keys of one package (react-dom, react-dom/client) can each get a chunk of
  // the same modules; the runtime loads one, so one is preloaded.
  const seen = new Set<string>();
  const body = (file: string) =>
    compilation
      .getAsset(file)
      ?.source.source()
      .toString()
      .replace(/^.*?\.push\(\[\[[^\]]*\]/, '')
      .replace(/\/\/# sourceMappingURL=.*$/, '');
  for (const name of BOOT_SHARED) {
    const entry = shared.find((s) => s.name === name);
    if (!entry) throw new Error(`BootAssets: ${name} is not shared`);
    for (const f of [...entry.assets.js.sync, ...entry.assets.css.sync]) {
      const key = body(f) ?? f;
      if (!seen.has(key)) files.add(f);
      seen.add(key);
    }
  }
  const list = [...files].filter((f) => !f.endsWith('.map'));
  return {
    scripts: list.filter((f) => f.endsWith('.js')),
    styles: list.filter((f) => f.endsWith('.css')),
    httpClient: groupFiles(HTTP_CLIENT_GROUP).filter((f) => f.endsWith('.js')),
  };
}
emitJson('boot-assets.json', rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT, bootAssets);

/**
 * The service worker, built on its own to a fixed /sw.js (a worker's URL must
 * not change between deploys). After the app, whose output.clean empties dist.
 * Not in dev: a caching worker and live reload fight each other.
 */
const serviceWorker: Configuration = {
  name: 'service-worker',
  dependencies: ['shell'],
  mode: config.mode,
  context: __dirname,
  target: 'webworker',
  entry: { sw: './src/service-worker/service-worker.ts' },
  devtool: false,
  output: { path: path.join(__dirname, 'dist'), filename: 'sw.js', clean: false },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
        type: 'javascript/auto',
      },
    ],
  },
};

export default config.mode === 'development' ? config : [config, serviceWorker];
