import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { previousRelease, type Release } from '@streamflix/delivery/release-history';
export { buildApp } from '@streamflix/delivery/deploy';

/**
 * Real older releases for the staging tests: a git worktree of a release commit, built with its
 * own sources. The worktrees live inside this checkout (e2e/.data, ignored), so everything but
 * the workspace packages resolves to this checkout's node_modules; the worktree gets its own
 * links for @streamflix/* so it builds against its own shared package, not today's. When the
 * release locked other dependency versions than today's, the worktree installs its own.
 */

export const ROOT = path.resolve(__dirname, '../../..');
export const RELEASES_DIR = path.join(ROOT, 'e2e/.data/releases');
const WORKSPACE_PACKAGES = ['shared', 'composition', 'tools', 'delivery'];

const git = (args: string[], cwd = ROOT) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: 'pipe' }).trim();

export interface ReleaseCheckout extends Release {
  dir: string;
  /** The worktree's root. */
  root: string;
}

/** The release each workspace's current code follows; fails loudly if there is none. */
export function previousReleaseOf(dir: string): Release {
  const found = previousRelease(ROOT, dir);
  if (!found)
    throw new Error(
      `${dir} has no release before HEAD in this history (a shallow clone? git fetch --unshallow)`,
    );
  return found;
}

/** A worktree of `commit`, ready to build (created once per run and commit). */
export function checkoutRelease(commit: string): string {
  const root = path.join(RELEASES_DIR, commit.slice(0, 12));
  if (!existsSync(path.join(root, 'package.json'))) {
    mkdirSync(RELEASES_DIR, { recursive: true });
    spawnSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT });
    rmSync(root, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: ROOT });
    git(['worktree', 'add', '--detach', root, commit]);
  }
  const lockChanged =
    spawnSync('git', ['diff', '--quiet', commit, 'HEAD', '--', 'package-lock.json'], { cwd: ROOT })
      .status !== 0;
  if (lockChanged && !existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
    const installed = spawnSync(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
      { cwd: root, stdio: 'inherit' },
    );
    if (installed.status !== 0) throw new Error(`npm install failed in the ${commit} worktree`);
  } else {
    for (const name of WORKSPACE_PACKAGES) {
      if (!existsSync(path.join(root, name))) continue;
      const link = path.join(root, 'node_modules/@streamflix', name);
      mkdirSync(path.dirname(link), { recursive: true });
      if (!existsSync(link)) symlinkSync(path.join(root, name), link);
    }
  }
  return root;
}

/** Serve a shell build with a document, through that checkout's own host script. */
export function serveShell(
  root: string,
  dist: string,
  port: number,
  docFile: string,
  children: ChildProcess[],
) {
  const host = path.join(root, 'shell/scripts/serve.mjs');
  if (!existsSync(host))
    throw new Error(`${root} has no shell/scripts/serve.mjs to host its shell`);
  children.push(
    spawn(process.execPath, [host, dist, String(port), '--composition', docFile], {
      stdio: 'ignore',
    }),
  );
}

/**
 * A copy of HEAD with a deliberately breaking change to @streamflix/shared: an export removed
 * and the package at the next major version, as its surface check demands.
 */
export function breakingSharedCheckout(): string {
  const head = git(['rev-parse', 'HEAD']);
  const root = path.join(RELEASES_DIR, 'breaking-shared');
  if (existsSync(root)) {
    spawnSync('git', ['worktree', 'remove', '--force', root], { cwd: ROOT });
    rmSync(root, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: ROOT });
  }
  mkdirSync(RELEASES_DIR, { recursive: true });
  git(['worktree', 'add', '--detach', root, head]);
  const pkgFile = path.join(root, 'shared/package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string };
  const major = Number(pkg.version.split('.')[0]) + 1;
  pkg.version = `${major}.0.0`;
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  // A release has no pending changesets: its shared builds as exactly that major.
  for (const file of readdirSync(path.join(root, '.changeset')))
    if (file.endsWith('.md') && file !== 'README.md') rmSync(path.join(root, '.changeset', file));
  // The untyped client every remote once used is gone in this "release".
  const entry = path.join(root, 'shared/src/index.ts');
  const source = readFileSync(entry, 'utf8');
  const without = source.replace('export { callApi, ', 'export { ');
  if (without === source)
    throw new Error('shared/src/index.ts no longer exports callApi as this test expects');
  writeFileSync(entry, without);
  for (const name of WORKSPACE_PACKAGES) {
    const link = path.join(root, 'node_modules/@streamflix', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(root, name), link);
  }
  return root;
}

export function removeWorktrees() {
  for (const line of git(['worktree', 'list', '--porcelain']).split('\n')) {
    const wt = line.startsWith('worktree ') ? line.slice('worktree '.length) : '';
    if (wt.startsWith(RELEASES_DIR))
      spawnSync('git', ['worktree', 'remove', '--force', wt], { cwd: ROOT });
  }
  rmSync(RELEASES_DIR, { recursive: true, force: true });
  spawnSync('git', ['worktree', 'prune'], { cwd: ROOT });
}
