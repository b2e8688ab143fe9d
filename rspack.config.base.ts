/**
 * The one config factory. Every app's rspack.config.ts is a few lines over it:
 * a name, a port, and (for remotes) what it exposes. Everything that must agree
 * across separately deployed apps (shared singletons and their ranges, the
 * manifest, the runtime strategy) is decided here, once.
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { gitCommit } from '@streamflix/tools/git-commit';
import { pendingVersion } from '@streamflix/tools/pending-version';
import { emitExposeTypes, emitSharedTypes } from '@streamflix/tools/federation-types';
import { readRegistry } from '@streamflix/tools/remotes';
import { ROUTER_SURFACE } from './shared/src/routing/router-surface';

export interface AppOptions {
  /** Federation name, a JS identifier: `shell`, `mf_catalog`... */
  name: string;
  /** The app's folder (pass `__dirname`). */
  dir: string;
  /**
   * Local dev/serve port: each app is its own deployment on its own origin. A remote's comes from
   * remotes.json (its entry's `port`); given here, it must agree with the registry.
   */
  port?: number;
  /** Remotes only: the public surface, one entry per exposed screen + lifecycles. */
  exposes?: Record<string, string>;
  /** Page title of the HTML (the shell's, or a remote's standalone harness). */
  title: string;
  /**
   * Packages shared only between the remotes that depend on them (not provided by
   * the shell), e.g. hls.js for the catalogue's trailer and the player: one download
   * for whichever loads it first. See lazyShared().
   */
  sharedExtra?: Record<string, { singleton: true; requiredVersion: string }>;
}

const sharedPkg = JSON.parse(readFileSync(path.join(__dirname, 'shared/package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};

// The version this tree's shared will be released as (pending changesets applied): see pendingVersion.
const rootPkg = {
  ...sharedPkg,
  version: pendingVersion(__dirname, sharedPkg.name, sharedPkg.version),
};

const caret = (v: string) => `^${v.replace(/^[\^~]/, '')}`;

/**
 * MF_SHARED_RANGES='{"react":"^19.0.0"}' builds a remote that declares other
 * ranges than this checkout's: how the delivery tests produce a build "made by
 * another team against another React" without a second dependency tree.
 */
const rangeOverrides = JSON.parse(process.env.MF_SHARED_RANGES ?? '{}') as Record<string, string>;
const range = (pkg: string, version: string) => rangeOverrides[pkg] ?? caret(version);

/** A singleton at the range this checkout's shared/package.json pins for `pkg`. */
const singleton = (pkg: string) => ({
  singleton: true as const,
  requiredVersion: range(pkg, rootPkg.dependencies[pkg]!),
});

/**
 * Singletons with semver ranges. The runtime negotiates them ('loaded-first'),
 * so a remote built against a newer patch/minor still composes with the shell.
 */
export const sharedSingletons = {
  react: singleton('react'),
  // Entry points of a package are negotiated at the package's own range.
  'react/jsx-runtime': singleton('react'),
  'react-dom': singleton('react-dom'),
  'react-dom/client': singleton('react-dom'),
  'react-router-dom': {
    ...singleton('react-router-dom'),
    // Shared modules are not tree-shaken by default, and all of react-router is
    // ~60 KB gzip. Every build keeps exactly this surface, so any remote works
    // with whichever copy the runtime picks (checked by shell's router-surface test).
    treeShaking: { mode: 'runtime-infer' as const, usedExports: [...ROUTER_SURFACE] },
  },
  jotai: singleton('jotai'),
  '@tanstack/react-query': singleton('@tanstack/react-query'),
  'react-toastify': singleton('react-toastify'),
  // The i18n runtime (docs/i18n.md): one instance and one React context for the federation.
  '@lingui/core': singleton('@lingui/core'),
  '@lingui/react': singleton('@lingui/react'),
  '@streamflix/shared': {
    singleton: true,
    // What this tree's shared will be released as (pendingVersion), provided and required alike.
    version: rootPkg.version,
    requiredVersion: range('@streamflix/shared', rootPkg.version),
  },
};

const appPkg = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };

/**
 * Singletons for an app's own dependencies that only some remotes use. They are
 * only imported lazily, so nothing loads until a screen asks for them.
 */
export function lazyShared(
  dir: string,
  pkgs: string[],
): Record<string, { singleton: true; requiredVersion: string }> {
  const deps = appPkg(dir).dependencies ?? {};
  return Object.fromEntries(
    pkgs.map((p) => {
      const version = deps[p];
      if (!version) throw new Error(`${dir}/package.json does not depend on ${p}`);
      return [p, { singleton: true as const, requiredVersion: range(p, version) }];
    }),
  );
}

/** The exact versions a build of this checkout provides for each shared singleton. */
export function providedVersions(): Record<string, string> {
  const deps = rootPkg.dependencies;
  return {
    react: deps.react!,
    'react-dom': deps['react-dom']!,
    'react-router-dom': deps['react-router-dom']!,
    jotai: deps.jotai!,
    '@tanstack/react-query': deps['@tanstack/react-query']!,
    'react-toastify': deps['react-toastify']!,
    '@lingui/core': deps['@lingui/core']!,
    '@lingui/react': deps['@lingui/react']!,
    '@streamflix/shared': rootPkg.version,
  };
}

export { exposesOf } from './rspack.exposes';
import { hlsFromSource } from './rspack.hls';
import { stampBuildInfo } from './rspack.build-info';
import { compileHints } from './rspack.compile-hints';

/**
 * The shell's dev server answers /composition.json with its environment (COMPOSITION_ENV, `local`)
 * as the control plane at CONTROL_PLANE_URL holds it (`npm start --dev` sets both), else, or while
 * that does not answer, from COMPOSITION_FILE or composition/<COMPOSITION_ENV>.json.
 */
function compositionMiddleware(dir: string) {
  const environment = process.env.COMPOSITION_ENV ?? 'local';
  const file = process.env.COMPOSITION_FILE ?? path.join(dir, 'composition', `${environment}.json`);
  const controlPlane = process.env.CONTROL_PLANE_URL?.replace(/\/+$/, '');
  const fromControlPlane = async (): Promise<string | null> => {
    if (!controlPlane) return null;
    try {
      const res = await fetch(`${controlPlane}/v1/environments/${environment}`, {
        signal: AbortSignal.timeout(1500),
      });
      return res.ok ? JSON.stringify(((await res.json()) as { document: unknown }).document) : null;
    } catch {
      return null;
    }
  };
  return (
    req: { url?: string },
    res: { setHeader: (k: string, v: string) => void; end: (b: string) => void },
    next: () => void,
  ) => {
    if (req.url?.split('?')[0] !== '/composition.json') return next();
    void fromControlPlane().then((live) => {
      const body = live ?? (existsSync(file) ? readFileSync(file, 'utf8') : null);
      if (body === null) return next();
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(body);
    });
  };
}

/** Dev servers skip shared tree shaking (its second compile does not support dev builds). */
function withoutTreeShaking(shared: typeof sharedSingletons) {
  return Object.fromEntries(
    Object.entries(shared).map(([k, v]) => [k, { ...v, treeShaking: undefined }]),
  ) as unknown as typeof sharedSingletons;
}

/**
 * Declarations published beside the manifest (tools/federation-types.cjs): a remote's exposes
 * when MF_EMIT_TYPES is set (every deploy sets it), and the shell's @streamflix/shared on every
 * production build, for remote teams that typecheck without this repository.
 */
function emitTypes(kind: 'exposes' | 'shared', dir: string) {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.afterEmit.tap('streamflix-types', () => {
        const out = path.join(compiler.options.output.path!, TYPES_DIR[kind]);
        if (kind === 'exposes') emitExposeTypes(dir, out);
        else emitSharedTypes(out);
      });
    },
  };
}
const TYPES_DIR = { exposes: '@mf-types', shared: '@mf-types/streamflix-shared' } as const;

/** The app's dev port: the registry's for a remote (remotes.json), the given one for the shell. */
function devPort(opts: AppOptions): number {
  const entry = readRegistry().find((r) => r.name === opts.name);
  if (opts.exposes && !entry)
    throw new Error(`${opts.name} exposes modules but is not in remotes.json: add its entry there`);
  if (entry && opts.port !== undefined && opts.port !== entry.port)
    throw new Error(`${opts.name}: port ${opts.port} disagrees with remotes.json (${entry.port})`);
  const port = opts.port ?? entry?.port;
  if (port === undefined) throw new Error(`${opts.name}: no dev port (give \`port\`)`);
  return port;
}

export function createConfig(opts: AppOptions): Configuration {
  const isDev = process.env.NODE_ENV === 'development' || process.argv.includes('dev');
  const isRemote = Boolean(opts.exposes);
  // Every build records its commit, not only a deploy's: /versions names what is running.
  const commit = process.env.MF_BUILD_COMMIT ?? gitCommit(opts.dir);
  const emitRemoteTypes = !isDev && Boolean(process.env.MF_EMIT_TYPES);
  // Decided by measurement (see docs/performance.md, "Federation runtime and bundle size"): the shell provides one
  // copy of the federation runtime and production remotes use it instead of
  // each shipping their own. A remote's standalone harness (dev) keeps its own.
  const useExternalRuntime = isRemote && !isDev && process.env.MF_EMBED_RUNTIME !== '1';
  // hls.js with only the features our streams use (rspack.hls.ts), in the apps that play HLS.
  const hls = opts.sharedExtra && 'hls.js' in opts.sharedExtra ? hlsFromSource(opts.dir) : null;

  return {
    mode: isDev ? 'development' : 'production',
    context: opts.dir,
    entry: { main: './src/index.ts' },
    devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
    output: {
      path: path.join(opts.dir, 'dist'),
      // Remotes resolve their chunks relative to wherever their manifest is hosted;
      // the shell serves deep links (/watch/...) so its assets are rooted.
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: opts.name,
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      ...(hls ? { alias: hls.alias } : {}),
    },
    module: {
      // `import styles from './x.module.css'` everywhere: one idiom across teams.
      parser: { 'css/module': { namedExports: false } },
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(png|svg|jpg|webp|woff2?)$/, type: 'asset' },
        ...(hls ? [hls.rule] : []),
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: path.join(__dirname, 'shell/public/index.html'),
        templateParameters: { title: opts.title },
        favicon: path.join(__dirname, 'shell/public/favicon.svg'),
        // A remote's HTML is only its standalone harness; the shell's is the product.
        filename: 'index.html',
        chunks: ['main'],
        // Rooted script tags so deep links (/movie/…) load; the runtime publicPath stays 'auto'.
        publicPath: '/',
      }),
      new rspack.DefinePlugin({
        'process.env.APP_NAME': JSON.stringify(opts.name),
        // The shell's versions page and its run-time gate: what this build is and provides.
        'process.env.APP_VERSION': JSON.stringify(
          process.env.MF_BUILD_VERSION ?? appPkg(opts.dir).version,
        ),
        'process.env.APP_COMMIT': JSON.stringify(commit),
        'process.env.SHARED_PROVIDED': JSON.stringify(JSON.stringify(providedVersions())),
        ...hls?.define,
      }),
      new ModuleFederationPlugin({
        name: opts.name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: opts.exposes } : {}),
        // No remote URL is compiled in: the shell registers remotes at run time
        // from its environment's composition document.
        remotes: {},
        shared: {
          ...(isDev ? withoutTreeShaking(sharedSingletons) : sharedSingletons),
          ...opts.sharedExtra,
        },
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        experiments: {
          ...(isRemote
            ? { externalRuntime: useExternalRuntime }
            : { provideExternalRuntime: true }),
          // Every app runs in a browser: the federation SDK's Node script loader is left out of
          // the shell's entry and every remoteEntry.js (about 6 KB each, parsed on every start).
          optimization: { target: 'web' },
        },
      }),
      ...(isRemote
        ? [stampBuildInfo(commit, emitRemoteTypes ? TYPES_DIR.exposes : undefined)]
        : isDev
          ? []
          : [stampBuildInfo(commit, TYPES_DIR.shared)]),
      ...(isRemote && emitRemoteTypes ? [emitTypes('exposes', opts.dir)] : []),
      // The entries' functions compiled off the main thread while they stream in (issue 36).
      ...(isDev ? [] : [compileHints()]),
      ...(!isRemote && !isDev ? [emitTypes('shared', opts.dir)] : []),
    ],
    devServer: {
      port: devPort(opts),
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: true,
      allowedHosts: 'all',
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { errors: true, warnings: false } },
      ...(isRemote
        ? {}
        : {
            setupMiddlewares: (middlewares: unknown[]) => {
              middlewares.unshift(compositionMiddleware(opts.dir));
              return middlewares;
            },
          }),
    },
    performance: { hints: false },
    optimization: isDev ? {} : { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    experiments: {},
  } as Configuration;
}
