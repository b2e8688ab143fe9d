/**
 * Builds the console (console/: HTML, CSS and a TypeScript module) into delivery/dist/console with
 * rspack: `npm run build -w @streamflix/delivery` (which `npm run build` runs). The server builds it
 * itself when the files are missing or older than their sources, so `npm run control-plane` serves it
 * without a separate step.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Configuration, HtmlRspackPlugin } from '@rspack/core';
import { DEFAULT_CONSOLE_DIR } from './config';

export const CONSOLE_SOURCE = path.join(__dirname, 'console');
const TOKENS_CSS = require.resolve('@streamflix/shared/tokens.css');

export function consoleConfig(outDir: string, Html: typeof HtmlRspackPlugin): Configuration {
  return {
    mode: 'production',
    context: CONSOLE_SOURCE,
    entry: { console: './main.ts' },
    target: 'web',
    devtool: false,
    output: {
      path: outDir,
      publicPath: '/console/',
      filename: 'assets/[name].[contenthash:8].js',
      cssFilename: 'assets/[name].[contenthash:8].css',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css' },
      ],
    },
    plugins: [
      new Html({
        template: path.join(CONSOLE_SOURCE, 'index.html'),
        inject: 'head',
        scriptLoading: 'module',
      }),
    ],
    performance: false,
  };
}

export async function buildConsole(outDir = DEFAULT_CONSOLE_DIR): Promise<void> {
  // Loaded when a build runs: rspack is an ES module, and serving the built files needs none of it.
  const { rspack } = await import('@rspack/core');
  return new Promise((resolve, reject) => {
    rspack(consoleConfig(outDir, rspack.HtmlRspackPlugin), (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors())
        return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

const newest = (p: string): number =>
  statSync(p).isDirectory()
    ? Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))))
    : statSync(p).mtimeMs;

/** Missing, or older than a source file (or the design tokens it takes from the shared package). */
export function consoleNeedsBuild(outDir = DEFAULT_CONSOLE_DIR): boolean {
  const index = path.join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return newest(CONSOLE_SOURCE) > built || statSync(TOKENS_CSS).mtimeMs > built;
}

if (require.main === module)
  buildConsole().then(
    () =>
      console.log(`Built the console into ${path.relative(process.cwd(), DEFAULT_CONSOLE_DIR)}.`),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
