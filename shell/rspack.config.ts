import path from 'node:path';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
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

/**
 * route-remotes.json: which remote owns each path of both route sets, for the
 * host to open that remote's connection and request its manifest from the HTML
 * (shell/scripts/early-hints.cjs) without a copy of the route tables.
 */
const routeRemotes = (table: RouteTable) =>
  table.flatMap((r) => (isRedirect(r) ? [] : [[r.path, r.remote]]));
config.plugins!.push({
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RouteRemotes', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteRemotes', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = JSON.stringify({
            loggedIn: routeRemotes(loggedInRoutes),
            loggedOut: routeRemotes(loggedOutRoutes),
          });
          compilation.emitAsset('route-remotes.json', new rspack.sources.RawSource(json));
        },
      );
    });
  },
});

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
