/**
 * Release every workspace that has pending changesets:
 *
 *   npm run release              apply .changeset/*.md, commit, tag <workspace>@<version>
 *   npm run release -- --dry-run say what would be released, change nothing
 *
 * `changeset version` bumps each package.json and writes its CHANGELOG.md; this command then
 * refreshes the lock file and the public-surface reports, makes one commit whose message names
 * every release, and tags each one. The commit that sets a version in a workspace's
 * package.json is the release even in a clone without tags (see release-history in
 * @streamflix/tools), so the tags are a convenience, not the record.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readRegistry } from '@streamflix/tools/remotes';

export const ROOT = path.resolve(__dirname, '../..');

export class ReleaseError extends Error {
  override name = 'ReleaseError';
}

/** Workspaces that are released and published (others are internal: tools, e2e, delivery). */
export const RELEASED_WORKSPACES: readonly string[] = [
  'shared',
  'composition',
  'shell',
  ...readRegistry().map((r) => r.dir),
  'api',
];

export interface WorkspaceVersion {
  dir: string;
  name: string;
  version: string;
}

function run(cmd: string, args: string[], opts: SpawnSyncOptions = {}): string {
  const res = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8', ...opts });
  if (res.status !== 0)
    throw new ReleaseError(
      `${cmd} ${args.join(' ')} failed (exit ${res.status}): ${String(res.stderr ?? '').trim()}`,
    );
  return String(res.stdout ?? '').trim();
}

export function readVersions(
  root = ROOT,
  workspaces: readonly string[] = RELEASED_WORKSPACES,
): WorkspaceVersion[] {
  return workspaces.map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    return { dir, name: pkg.name, version: pkg.version };
  });
}

/** Pending changeset files (`.changeset/*.md` other than its README). */
export function pendingChangesets(root = ROOT): string[] {
  const dir = path.join(root, '.changeset');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort();
}

/** What moved between two reads of the versions: the releases this run makes. */
export function releasedBetween(
  before: WorkspaceVersion[],
  after: WorkspaceVersion[],
): WorkspaceVersion[] {
  return after.filter((a) => before.find((b) => b.dir === a.dir)?.version !== a.version);
}

export const tagOf = (w: Pick<WorkspaceVersion, 'name' | 'version'>) => `${w.name}@${w.version}`;

export function releaseMessage(released: WorkspaceVersion[]): string {
  return `Release ${released.map(tagOf).join(', ')}\n\nApplied the pending changesets; each released workspace's CHANGELOG.md has the entry.`;
}

/**
 * The checked-in local environment document (`npm run serve -w shell`, the shell's tests) names
 * each remote by `^<version>`: a released remote moves it, or its own build would be refused.
 */
function followInLocalDocument(root: string, released: WorkspaceVersion[]) {
  const file = path.join(root, 'shell/composition/local.json');
  if (!existsSync(file)) return;
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {
    remotes?: Record<string, { version?: string }>;
  };
  for (const w of released) {
    const entry = doc.remotes?.[w.dir.replace(/-/g, '_')];
    if (entry) entry.version = `^${w.version}`;
  }
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
}

export interface ReleaseOptions {
  dryRun?: boolean;
  log?: (line: string) => void;
  /** The checkout (default: this one) and its released workspaces: the tests release a scratch repo. */
  root?: string;
  workspaces?: readonly string[];
}

export function release(opts: ReleaseOptions = {}): WorkspaceVersion[] {
  const log = opts.log ?? ((l: string) => console.log(l));
  const root = opts.root ?? ROOT;
  const at = { cwd: root };
  const changeset = require.resolve('@changesets/cli/bin.js');
  const pending = pendingChangesets(root);
  if (!pending.length)
    throw new ReleaseError('Nothing to release: no changesets in .changeset/ (npm run changeset).');
  const dirty = run('git', ['status', '--porcelain'], at);
  if (dirty)
    throw new ReleaseError(
      `The work tree has uncommitted changes; commit them (with their changesets) first:\n${dirty}`,
    );
  if (opts.dryRun) {
    log(run(process.execPath, [changeset, 'status', '--verbose'], at));
    return [];
  }
  const before = readVersions(root, opts.workspaces);
  run(process.execPath, [changeset, 'version'], at);
  const released = releasedBetween(before, readVersions(root, opts.workspaces));
  if (!released.length)
    throw new ReleaseError('The changesets bumped no released workspace; nothing was committed.');
  followInLocalDocument(root, released);
  // What Changesets wrote, in the repository's format (`npm run format` checks it).
  const written = [
    ...released.map((w) => path.join(w.dir, 'CHANGELOG.md')),
    ...(existsSync(path.join(root, 'shell/composition/local.json'))
      ? ['shell/composition/local.json']
      : []),
  ];
  run(process.execPath, [require.resolve('prettier/bin/prettier.cjs'), '--write', ...written], at);
  // Internal dependency ranges moved with the versions: the lock must follow or `npm ci` refuses it.
  run('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], at);
  // The public-surface reports are compared with the released ones: regenerated with the release.
  if (existsSync(path.join(root, 'delivery/src/surface')))
    run('npm', ['run', '--silent', 'surface'], at);
  run('git', ['add', '-A'], at);
  run('git', ['commit', '-q', '-m', releaseMessage(released)], at);
  const commit = run('git', ['rev-parse', '--short=12', 'HEAD'], at);
  for (const w of released) {
    run('git', ['tag', tagOf(w)], at);
    log(`released ${tagOf(w)} (${commit})`);
  }
  log('Push the commit and its tags: git push --follow-tags');
  return released;
}

if (require.main === module) {
  try {
    release({ dryRun: process.argv.includes('--dry-run') });
  } catch (err) {
    console.error(err instanceof ReleaseError ? `release: ${err.message}` : err);
    process.exit(1);
  }
}
