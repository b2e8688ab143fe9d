import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {
  type BuildFile,
  type BuildStore,
  conflictMessage,
  DEPLOYMENT_FILE,
  type DeploymentRecord,
  difference,
  MANIFEST_FILE,
  newestFirst,
  type PublishResult,
  sha256Of,
  type StoredVersion,
  VersionConflict,
} from './build-store';

/** Every file under a folder, by its forward-slash path inside it, with its sha256. */
function hashesUnder(root: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else hashes.set(rel, sha256Of(readFileSync(path.join(dir, entry.name))));
    }
  };
  walk(root, '');
  return hashes;
}

/**
 * Builds in a folder, `<root>/<remote-dir>/<version>/`, as `npm run deploy -- <remote> --to <folder>`
 * lays them out; served by any static host at `publicUrl`. A version is staged beside its place and
 * renamed into it: rename() is atomic and fails on an existing folder, so two publishers of one version
 * cannot both win and a half-written version is never visible.
 */
export class FolderStore implements BuildStore {
  readonly describe: string;

  constructor(
    readonly root: string,
    private readonly publicUrl: string,
  ) {
    this.describe = `folder ${root} (served at ${publicUrl})`;
  }

  urlOf(dir: string, version: string, file: string): string {
    return `${this.publicUrl.replace(/\/+$/, '')}/${dir}/${version}/${file}`;
  }

  async publish(dir: string, record: DeploymentRecord, files: BuildFile[]): Promise<PublishResult> {
    const target = path.join(this.root, dir, record.version);
    const stored = { ...record, manifest: this.urlOf(dir, record.version, MANIFEST_FILE) };
    if (existsSync(target)) return this.again(target, dir, record.version, files, stored);
    const staged = path.join(
      this.root,
      `.staging-${dir}-${record.version}-${randomBytes(6).toString('hex')}`,
    );
    try {
      for (const file of files) {
        const full = path.join(staged, ...file.path.split('/'));
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, file.bytes);
      }
      mkdirSync(path.dirname(target), { recursive: true });
      try {
        renameSync(staged, target);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOTEMPTY' || code === 'EEXIST')
          return this.again(target, dir, record.version, files, stored);
        throw err;
      }
      return { version: stored, created: true };
    } finally {
      rmSync(staged, { recursive: true, force: true });
    }
  }

  private again(
    target: string,
    dir: string,
    version: string,
    files: BuildFile[],
    stored: StoredVersion,
  ): PublishResult {
    const detail = difference(hashesUnder(target), files);
    if (detail) throw new VersionConflict(conflictMessage(dir, version, detail));
    return { version: stored, created: false };
  }

  async list(dir: string): Promise<StoredVersion[]> {
    const folder = path.join(this.root, dir);
    if (!existsSync(folder)) return [];
    const versions: StoredVersion[] = [];
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name, DEPLOYMENT_FILE);
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const record = JSON.parse(readFileSync(file, 'utf8')) as DeploymentRecord;
      versions.push({ ...record, manifest: this.urlOf(dir, entry.name, MANIFEST_FILE) });
    }
    return versions.sort(newestFirst);
  }
}
