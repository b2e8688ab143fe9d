/**
 * Where a workspace's release is in history. Temporary local reader, replaced by
 * @streamflix/tools/release-history when that lands.
 */
import { spawnSync } from 'node:child_process';

export interface Release {
  version: string;
  commit: string;
}

const git = (root: string, args: string[]) => {
  const res = spawnSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return res.status === 0 ? res.stdout : '';
};

/** The commit that set `version` in `<dir>/package.json` (with a `## version` changelog entry). */
export function releaseOf(root: string, dir: string, version: string): Release | undefined {
  for (const commit of git(root, ['log', '--format=%H', '--', `${dir}/package.json`]).split('\n')) {
    if (!commit) continue;
    let v: string | undefined;
    try {
      v = (JSON.parse(git(root, ['show', `${commit}:${dir}/package.json`])) as { version?: string })
        .version;
    } catch {
      continue;
    }
    if (v !== version) continue;
    const parent = git(root, ['show', `${commit}^:${dir}/package.json`]);
    let before: string | undefined;
    try {
      before = (JSON.parse(parent) as { version?: string }).version;
    } catch {
      before = undefined;
    }
    if (before === version) continue;
    const changelog = git(root, ['show', `${commit}:${dir}/CHANGELOG.md`]);
    if (new RegExp(`^## ${version.replace(/\./g, '\\.')}\\s*$`, 'm').test(changelog))
      return { version, commit };
  }
  return undefined;
}

/** Every release of a workspace in this history, newest first. */
export function releasesOf(root: string, dir: string): Release[] {
  const out: Release[] = [];
  const seen = new Set<string>();
  for (const commit of git(root, ['log', '--format=%H', '--', `${dir}/package.json`]).split('\n')) {
    if (!commit) continue;
    let version: string | undefined;
    try {
      version = (
        JSON.parse(git(root, ['show', `${commit}:${dir}/package.json`])) as { version?: string }
      ).version;
    } catch {
      continue;
    }
    if (!version || seen.has(version)) continue;
    const found = releaseOf(root, dir, version);
    if (found?.commit === commit) {
      seen.add(version);
      out.push(found);
    }
  }
  return out;
}

/**
 * The release before the workspace's current code: its newest release when the workspace has
 * changed since, or the one before that when its folder is exactly that release (HEAD is the
 * release commit, or only other folders changed after it), so the N-1 staging tests always compare
 * two different versions. Undefined when there is no such release.
 */
export function previousRelease(root: string, dir: string): Release | undefined {
  const [newest, older] = releasesOf(root, dir);
  if (!newest) return undefined;
  const unchanged =
    spawnSync('git', ['diff', '--quiet', newest.commit, 'HEAD', '--', dir], { cwd: root })
      .status === 0;
  return unchanged ? older : newest;
}
