/**
 * Build one remote and publish it, immutably, to a deployment store:
 *
 *   npm run deploy -- <remote> --to <store-dir> [--version <semver>]
 *
 * (the command line is deploy-cli.ts; through the control plane, deploy-upload.ts).
 * The build carries its version, git commit, build time and the API contract
 * version in its manifest (metaData.buildInfo); it lands in
 * <store>/<remote-dir>/<version>/ with a deployment.json recording the remote
 * entry's SHA-384. A published version is never overwritten: ship a new one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { validVersion } from '@streamflix/composition';
import { gitCommit } from '@streamflix/tools/git-commit';
import { readRegistry } from '@streamflix/tools/remotes';
import { type DeploymentRecord, sriOf } from './build-store/build-store';
import { releaseOf } from './release-history';

export const ROOT = path.resolve(__dirname, '../..');

/** Remote federation names and their folders (`mf_player` ↔ `mf-player`), from remotes.json. */
export const REMOTE_DIRS: Record<string, string> = Object.fromEntries(
  readRegistry().map((r) => [r.name, r.dir]),
);

export class DeployError extends Error {
  override name = 'DeployError';
}

export function remoteOf(nameOrDir: string): { name: string; dir: string } {
  const name = nameOrDir.replace(/-/g, '_');
  const dir = REMOTE_DIRS[name];
  if (!dir)
    throw new DeployError(
      `"${nameOrDir}" is not a remote; choose one of ${Object.keys(REMOTE_DIRS).join(', ')}.`,
    );
  return { name, dir };
}

export { sriOf };

/** What deployment.json records. */
export type Deployment = DeploymentRecord;

/**
 * Stamp a freshly built folder: build info into its manifest, the entry's
 * SHA-384 into deployment.json. Pure file work, so it is tested without a build.
 */
export function stampBuild(
  outDir: string,
  info: {
    remote: string;
    version: string;
    commit: string;
    builtAt: string;
    contractVersion: string;
  },
): Deployment {
  const manifestFile = path.join(outDir, 'mf-manifest.json');
  if (!existsSync(manifestFile))
    throw new DeployError(`The build has no mf-manifest.json (${outDir}).`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    name?: string;
    metaData?: {
      buildInfo?: Record<string, unknown>;
      remoteEntry?: { name?: string; path?: string };
    };
  };
  if (manifest.name !== info.remote)
    throw new DeployError(`The build's manifest is for "${manifest.name}", not "${info.remote}".`);
  const meta = manifest.metaData ?? {};
  meta.buildInfo = {
    ...meta.buildInfo,
    buildVersion: info.version,
    commit: info.commit,
    builtAt: info.builtAt,
    contractVersion: info.contractVersion,
  };
  manifest.metaData = meta;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const entryName = path.join(
    meta.remoteEntry?.path ?? '',
    meta.remoteEntry?.name ?? 'remoteEntry.js',
  );
  const entryFile = path.join(outDir, entryName);
  if (!existsSync(entryFile))
    throw new DeployError(`The build has no remote entry (${entryName}).`);
  const deployment: Deployment = {
    ...info,
    remoteEntry: entryName,
    integrity: sriOf(readFileSync(entryFile)),
  };
  writeFileSync(path.join(outDir, 'deployment.json'), `${JSON.stringify(deployment, null, 2)}\n`);
  return deployment;
}

/**
 * Move a stamped folder to <store>/<dir>/<version>. rename() is atomic and
 * fails on an existing non-empty folder, so two deploys of one version cannot
 * both win and a half-copied version is never visible.
 */
export function publish(staged: string, target: string): void {
  mkdirSync(path.dirname(target), { recursive: true });
  if (existsSync(target))
    throw new DeployError(`${target} is already published; versions are immutable.`);
  try {
    renameSync(staged, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST')
      throw new DeployError(`${target} is already published; versions are immutable.`);
    throw err;
  }
}

export function contractVersion(root = ROOT): string {
  const doc = JSON.parse(
    readFileSync(path.join(root, 'shared/src/contract/openapi.json'), 'utf8'),
  ) as { info?: { version?: string } };
  return doc.info?.version ?? '0.0.0';
}

/** What deploy knows about the checkout it builds, for `releaseProblems`. */
export interface CheckoutFacts {
  /** The version to publish. */
  version: string;
  /** The remote's package.json version in the checkout. */
  packageVersion: string;
  /** Tracked files that differ from HEAD (`git status --porcelain`), or ''. */
  dirty: string;
  /** The remote's CHANGELOG.md, or null when it has none. */
  changelog: string | null;
  /** The commit that set `version` in the remote's package.json, if history has one. */
  releaseCommit: string | undefined;
  /** Files the remote's build reads that changed between that commit and HEAD. */
  changedSinceRelease: string[];
}

const isPrerelease = (version: string) => /^\d+\.\d+\.\d+-/.test(version);

/**
 * Why this checkout may not be published as `version`. A version is a promise that its bytes
 * are the released code: so a plain version must have been released (a `## <version>` entry in
 * CHANGELOG.md and the commit that set it in package.json, as `npm run release` makes them) and
 * be built from that code, untouched. A pre-release (`0.3.0-pr.42`) is a build of work in
 * progress and may come from anything, a dirty tree included.
 */
export function releaseProblems(dir: string, f: CheckoutFacts): string[] {
  if (isPrerelease(f.version)) return [];
  const problems: string[] = [];
  const asPrerelease = `or deploy a pre-release (--version ${f.packageVersion.replace(/-.*$/, '')}-pr.1)`;
  if (f.dirty)
    problems.push(
      `the work tree has uncommitted changes (${f.dirty.split('\n').length} files): commit and release them, ${asPrerelease}`,
    );
  if (f.version !== f.packageVersion)
    problems.push(
      `${dir}/package.json is at ${f.packageVersion}, not ${f.version}: check out ${dir}'s ${f.version} release to deploy it`,
    );
  const heading = new RegExp(`^## ${f.version.replace(/\./g, '\\.')}\\s*$`, 'm');
  if (!f.changelog || !heading.test(f.changelog))
    problems.push(
      `${dir}/CHANGELOG.md has no "## ${f.version}" entry: ${f.version} was never released (npm run changeset, npm run release), ${asPrerelease}`,
    );
  else if (!f.releaseCommit)
    problems.push(
      `no commit in this history sets ${dir}/package.json to ${f.version}: it was not released here (a shallow clone? git fetch --unshallow)`,
    );
  else if (f.changedSinceRelease.length)
    problems.push(
      `${f.changedSinceRelease.join(', ')} changed since ${dir} ${f.version} was released (${f.releaseCommit.slice(0, 12)}): release the change, ${asPrerelease}`,
    );
  return problems;
}

/** What a remote's build reads besides its own folder. */
const BUILD_INPUTS = ['shared', 'rspack.config.base.ts', 'rspack.exposes.ts', 'package-lock.json'];

function git(root: string, args: string[]): { ok: boolean; out: string } {
  const res = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return { ok: res.status === 0, out: (res.stdout ?? '').trim() };
}

/** Read the checkout's facts from git and the file system. */
export function checkoutFacts(root: string, dir: string, version: string): CheckoutFacts {
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const changelogFile = path.join(root, dir, 'CHANGELOG.md');
  const releaseCommit = releaseOf(root, dir, version)?.commit;
  const changed = releaseCommit
    ? git(root, ['diff', '--name-only', releaseCommit, 'HEAD', '--', dir, ...BUILD_INPUTS]).out
    : '';
  return {
    version,
    packageVersion: pkg.version,
    dirty: git(root, ['status', '--porcelain', '--untracked-files=no']).out,
    changelog: existsSync(changelogFile) ? readFileSync(changelogFile, 'utf8') : null,
    releaseCommit,
    changedSinceRelease: changed
      ? [
          ...new Set(
            changed.split('\n').map((f) => (f.startsWith(`${dir}/`) ? dir : f.split('/')[0]!)),
          ),
        ]
      : [],
  };
}

/**
 * A production `rspack build` of one app of a checkout (this one, or an older release's
 * worktree) into `outDir`. Its warnings are echoed; a failure throws with the end of its output.
 */
export function buildApp(root: string, dir: string, outDir: string, env: NodeJS.ProcessEnv = {}) {
  const built = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--output-path', outDir],
    {
      cwd: path.join(root, dir),
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      env: { ...process.env, ...env, NODE_ENV: 'production' },
    },
  );
  if (built.stderr) process.stderr.write(built.stderr);
  if (built.status !== 0) {
    const tail = String(built.stderr ?? '')
      .trim()
      .split('\n')
      .slice(-15)
      .join('\n');
    throw new DeployError(`${dir} failed to build${tail ? `:\n${tail}` : '.'}`);
  }
}

export interface DeployOptions {
  remote: string;
  store: string;
  version?: string;
  /** The checkout to build (default: this one); e2e builds an older release's git worktree. */
  root?: string;
  /** Extra environment for the build (MF_SHARED_RANGES in the delivery tests). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** The checks a version must pass before it is built for publishing (see releaseProblems). */
export function releaseToDeploy(opts: { remote: string; version?: string; root?: string }) {
  const { name, dir } = remoteOf(opts.remote);
  const root = path.resolve(opts.root ?? ROOT);
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const version = opts.version ?? pkg.version;
  if (!validVersion(version)) throw new DeployError(`"${version}" is not a semver version.`);
  const refused = releaseProblems(dir, checkoutFacts(root, dir, version));
  if (refused.length)
    throw new DeployError(`${dir} ${version} is not published:\n  - ${refused.join('\n  - ')}`);
  return { name, dir, root, version };
}

/** Builds a checked release into `outDir` and stamps it (build info, deployment.json). */
export function buildStamped(
  release: ReturnType<typeof releaseToDeploy>,
  outDir: string,
  opts: Pick<DeployOptions, 'env' | 'log'>,
): Deployment {
  const { name, dir, root, version } = release;
  const log = opts.log ?? ((l: string) => console.log(l));
  const commit = gitCommit(root) || 'unknown';
  log(`deploy: building ${dir} ${version} (${commit})…`);
  buildApp(root, dir, outDir, {
    ...opts.env,
    MF_BUILD_VERSION: version,
    MF_BUILD_COMMIT: commit,
    // Every deploy publishes its exposes' types beside its manifest.
    MF_EMIT_TYPES: '1',
  });
  return stampBuild(outDir, {
    remote: name,
    version,
    commit,
    builtAt: new Date().toISOString(),
    contractVersion: contractVersion(root),
  });
}

export function deploy(opts: DeployOptions): Deployment & { target: string } {
  const log = opts.log ?? ((l: string) => console.log(l));
  remoteOf(opts.remote);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(opts.store))
    throw new DeployError(
      `--to ${opts.store}: this script publishes to a folder; to publish to a bucket, deploy through the control plane (DELIVERY_URL and DELIVERY_TOKEN; see docs/delivering-a-remote.md).`,
    );
  const release = releaseToDeploy(opts);
  const { dir, version } = release;
  const store = path.resolve(opts.store);
  const target = path.join(store, dir, version);
  if (existsSync(target))
    throw new DeployError(`${target} is already published; versions are immutable.`);

  const staged = path.join(store, `.staging-${dir}-${version}-${process.pid}`);
  rmSync(staged, { recursive: true, force: true });
  try {
    const deployment = buildStamped(release, staged, { env: opts.env, log });
    publish(staged, target);
    log(`deploy: published ${path.join(target, 'mf-manifest.json')}`);
    log(`deploy: remote entry ${deployment.integrity}`);
    return { ...deployment, target };
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}
