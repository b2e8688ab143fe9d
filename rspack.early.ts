import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { hlsFromSource } from './rspack.hls';
import { compileHints } from './rspack.compile-hints';

/** The early engine's file in a player build: a fixed name, revalidated like remoteEntry.js. */
export const EARLY_ENGINE_FILE = 'early-engine.js';
/** hls.js's transmuxer worker in a player build (mf-player transmux-worker.ts loads it). */
export const HLS_WORKER_FILE = 'hls-worker.js';

/**
 * A build of its own beside a remote's (issue 36): `src/early/early-engine.ts` as one plain script
 * (`early-engine.js`), with hls.js built as the remote builds it (rspack.hls.ts) and no federation
 * runtime, for the host's HTML to run before any of the app has arrived. It writes into the
 * remote's dist after the remote's build (`dependencies`), whose clean keeps it.
 */
export function earlyEngineConfig(dir: string, after: string): Configuration {
  const hls = hlsFromSource(dir);
  return {
    name: `${after}-early`,
    dependencies: [after],
    mode: 'production',
    context: dir,
    target: 'web',
    entry: { 'early-engine': './src/early/early-engine.ts' },
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      filename: EARLY_ENGINE_FILE,
      // One file: nothing is split off or loaded later.
      chunkFormat: false,
      iife: true,
      clean: false,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js'], alias: hls.alias },
    module: {
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
    },
    plugins: [new rspack.DefinePlugin(hls.define), compileHints()],
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  } as Configuration;
}

/**
 * hls.js's transmuxer as a worker script (`hls-worker.js`) beside a remote's build: the module
 * hls.js's own package builds into its worker bundle, from the same source and with the same
 * features as the remote's hls.js (its messages must match), for the player and the early engine
 * to demux and remux segments off the page's main thread (transmux-worker.ts).
 */
export function transmuxWorkerConfig(dir: string, after: string): Configuration {
  const hls = hlsFromSource(dir);
  return {
    name: `${after}-hls-worker`,
    dependencies: [after],
    mode: 'production',
    context: dir,
    target: 'webworker',
    entry: { 'hls-worker': hls.worker },
    devtool: 'source-map',
    output: {
      path: path.join(dir, 'dist'),
      filename: HLS_WORKER_FILE,
      chunkFormat: false,
      iife: true,
      clean: false,
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [hls.rule] },
    plugins: [new rspack.DefinePlugin({ ...hls.define, __IN_WORKER__: 'true' })],
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  } as Configuration;
}
