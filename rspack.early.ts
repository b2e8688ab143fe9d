import path from 'node:path';
import { rspack, type Configuration, type RuleSetRule } from '@rspack/core';
import { hlsFromSource } from './rspack.hls';
import { compileHints } from './rspack.compile-hints';

/** The early engine's file in a player build: a fixed name, revalidated like remoteEntry.js. */
export const EARLY_ENGINE_FILE = 'early-engine.js';
/**
 * hls.js's transmuxer worker in a player build, the name the player fetches (its
 * transmux-worker.ts HLS_WORKER_FILE: this root config names no remote's folder).
 */
export const HLS_WORKER_FILE = 'hls-worker.js';

/**
 * One plain script (fixed name, one file, no federation runtime) written into a remote's dist
 * after the remote's own build (`dependencies`), whose clean keeps it.
 */
function plainScript(o: {
  dir: string;
  after: string;
  name: string;
  target: 'web' | 'webworker';
  entry: string;
  filename: string;
  resolve: Configuration['resolve'];
  rules: RuleSetRule[];
  plugins: NonNullable<Configuration['plugins']>;
}): Configuration {
  return {
    name: `${o.after}-${o.name}`,
    dependencies: [o.after],
    mode: 'production',
    context: o.dir,
    target: o.target,
    entry: { [o.filename.replace(/\.js$/, '')]: o.entry },
    devtool: 'source-map',
    output: {
      path: path.join(o.dir, 'dist'),
      filename: o.filename,
      // One file: nothing is split off or loaded later.
      chunkFormat: false,
      iife: true,
      clean: false,
    },
    resolve: o.resolve,
    module: { rules: o.rules },
    plugins: o.plugins,
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  } as Configuration;
}

/**
 * A build of its own beside a remote's (issue 36): `src/early/early-engine.ts` as one plain script
 * (`early-engine.js`), with hls.js built as the remote builds it (rspack.hls.ts) and no federation
 * runtime, for the host's HTML to run before any of the app has arrived.
 */
export function earlyEngineConfig(dir: string, after: string): Configuration {
  const hls = hlsFromSource(dir);
  return plainScript({
    dir,
    after,
    name: 'early',
    target: 'web',
    entry: './src/early/early-engine.ts',
    filename: EARLY_ENGINE_FILE,
    resolve: { extensions: ['.ts', '.tsx', '.js'], alias: hls.alias },
    rules: [
      {
        test: /\.tsx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
        type: 'javascript/auto',
      },
      hls.rule,
    ],
    plugins: [new rspack.DefinePlugin(hls.define), compileHints()],
  });
}

/**
 * hls.js's transmuxer as a worker script (`hls-worker.js`) beside a remote's build: the module
 * hls.js's own package builds into its worker bundle, from the same source and with the same
 * features as the remote's hls.js (its messages must match), for the player and the early engine
 * to demux and remux segments off the page's main thread (transmux-worker.ts).
 */
export function transmuxWorkerConfig(dir: string, after: string): Configuration {
  const hls = hlsFromSource(dir);
  return plainScript({
    dir,
    after,
    name: 'hls-worker',
    target: 'webworker',
    entry: hls.worker,
    filename: HLS_WORKER_FILE,
    resolve: { extensions: ['.ts', '.js'] },
    rules: [hls.rule],
    plugins: [new rspack.DefinePlugin({ ...hls.define, __IN_WORKER__: 'true' })],
  });
}
