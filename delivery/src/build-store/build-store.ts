/**
 * Where published builds live: a folder (the default) or an S3 bucket behind a CDN. A version of a
 * remote is written once and never changed: publishing it again with the same bytes is a no-op (a
 * re-run pipeline), with other bytes it is refused.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/** One file of a build, by its path inside the version (`mf-manifest.json`, `121.a1ca40de.js`). */
export interface BuildFile {
  path: string;
  bytes: Buffer;
}

/** What deployment.json records (written by deploy's stampBuild). */
export interface DeploymentRecord {
  remote: string;
  version: string;
  commit: string;
  builtAt: string;
  contractVersion: string;
  remoteEntry: string;
  integrity: string;
}

/** A published version, as the control plane lists it. */
export interface StoredVersion extends DeploymentRecord {
  /** Where browsers load the version's mf-manifest.json from. */
  manifest: string;
}

export interface PublishResult {
  version: StoredVersion;
  /** false: the very same bytes were already published (an idempotent re-run). */
  created: boolean;
}

export interface BuildStore {
  /** For the start-up line: where builds go. */
  readonly describe: string;
  /**
   * Writes a checked build (see checkBuild) to `<dir>/<record.version>/`, deployment.json last; an
   * existing version with the same files is left as it is, one with other files is refused.
   */
  publish(dir: string, record: DeploymentRecord, files: BuildFile[]): Promise<PublishResult>;
  /** The published versions of one remote (newest build first). */
  list(dir: string): Promise<StoredVersion[]>;
  /** The public URL of a file of a version. */
  urlOf(dir: string, version: string, file: string): string;
  /** Once at start: what the store needs set up (the bucket's CORS rules). */
  prepare?(): Promise<void>;
}

export class BuildStoreError extends Error {
  override name = 'BuildStoreError';
}

/** Publishing a version that exists with other bytes. */
export class VersionConflict extends BuildStoreError {
  override name = 'VersionConflict';
}

export const DEPLOYMENT_FILE = 'deployment.json';
export const MANIFEST_FILE = 'mf-manifest.json';

/** `sha384-<base64>`, the form `<script integrity>` takes. */
export const sriOf = (bytes: Buffer) =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** rspack's content-hashed names (`121.a1ca40de.js`, `417.b1444617.css.map`): safe to cache for ever. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/;

/**
 * Hashed files never change under their name; everything else (the manifest, the remote entry,
 * deployment.json, the types archive) is revalidated on every load, so a CDN in front never serves a
 * stale entry point.
 */
export const cacheControlOf = (file: string) =>
  HASHED.test(path.posix.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.zip': 'application/zip',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};
export const contentTypeOf = (file: string) =>
  TYPES[path.posix.extname(file).toLowerCase()] ?? 'application/octet-stream';

const SEGMENT = /^[A-Za-z0-9@_][A-Za-z0-9@_.+~-]*$/;

/** A path inside a version: relative, forward slashes, no `..`, no hidden or odd names. */
export function checkFilePath(file: string): string {
  const parts = file.split('/');
  if (
    file.length > 500 ||
    parts.some((p) => !SEGMENT.test(p) || p === '.' || p === '..' || p.includes('..'))
  )
    throw new BuildStoreError(
      `"${file}" is not a file path a build may contain (relative, a/b.js, no "..").`,
    );
  return file;
}

const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * What a build must be to be published as `<remote> <version>`: a deployment.json for that remote and
 * version whose integrity is the SHA-384 of the entry it names, and a manifest naming the remote. The
 * integrity is recomputed here, never taken on trust.
 */
export function checkBuild(remote: string, version: string, files: BuildFile[]): DeploymentRecord {
  const byPath = new Map<string, Buffer>();
  for (const file of files) {
    checkFilePath(file.path);
    if (byPath.has(file.path)) throw new BuildStoreError(`The build lists ${file.path} twice.`);
    byPath.set(file.path, file.bytes);
  }
  const json = <T>(name: string): T => {
    const bytes = byPath.get(name);
    if (!bytes) throw new BuildStoreError(`The build has no ${name}.`);
    try {
      return JSON.parse(bytes.toString('utf8')) as T;
    } catch {
      throw new BuildStoreError(`The build's ${name} is not JSON.`);
    }
  };
  const manifest = json<{ name?: string }>(MANIFEST_FILE);
  if (manifest.name !== remote)
    throw new BuildStoreError(`The build's manifest is for "${manifest.name}", not "${remote}".`);
  const record = json<Partial<DeploymentRecord>>(DEPLOYMENT_FILE);
  if (record.remote !== remote || record.version !== version)
    throw new BuildStoreError(
      `The build's ${DEPLOYMENT_FILE} is for ${record.remote} ${record.version}, not ${remote} ${version}.`,
    );
  for (const field of ['commit', 'builtAt', 'contractVersion', 'remoteEntry'] as const)
    if (typeof record[field] !== 'string' || !record[field])
      throw new BuildStoreError(`The build's ${DEPLOYMENT_FILE} has no ${field}.`);
  const entry = byPath.get(record.remoteEntry!);
  if (!entry) throw new BuildStoreError(`The build has no remote entry (${record.remoteEntry}).`);
  const integrity = sriOf(entry);
  if (record.integrity !== integrity || !INTEGRITY.test(integrity))
    throw new BuildStoreError(
      `The build's ${DEPLOYMENT_FILE} records ${record.integrity} for ${record.remoteEntry}, but its bytes are ${integrity}.`,
    );
  return {
    remote,
    version,
    commit: record.commit!,
    builtAt: record.builtAt!,
    contractVersion: record.contractVersion!,
    remoteEntry: record.remoteEntry!,
    integrity,
  };
}

/** Upload order: everything else first, the manifest next, deployment.json (the "published" mark) last. */
export function publishOrder(files: BuildFile[]): BuildFile[] {
  const rank = (f: BuildFile) =>
    f.path === DEPLOYMENT_FILE ? 2 : f.path === MANIFEST_FILE ? 1 : 0;
  return [...files].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

export const conflictMessage = (dir: string, version: string, detail: string) =>
  `${dir} ${version} is already published with other bytes (${detail}); versions are immutable: deploy a new version.`;

/**
 * Why the files already published (path -> sha256) are not the build's, or null when they are the same.
 * `complete` false: the published side may still lack files (a half-finished upload being resumed).
 */
export function difference(
  published: Map<string, string>,
  files: BuildFile[],
  complete = true,
): string | null {
  for (const file of files) {
    const hash = published.get(file.path);
    if (hash === undefined) {
      if (complete) return `it has no ${file.path}`;
    } else if (hash !== sha256Of(file.bytes)) return `${file.path} differs`;
  }
  const names = new Set(files.map((f) => f.path));
  const extra = [...published.keys()].find((p) => !names.has(p));
  return extra ? `it has ${extra}, which this build does not` : null;
}

/** Newest build first. */
export const newestFirst = (a: StoredVersion, b: StoredVersion) =>
  b.builtAt.localeCompare(a.builtAt) || b.version.localeCompare(a.version);

/** The store could not be reached or answered with a failure of its own: worth retrying later. */
export class StoreUnavailable extends BuildStoreError {
  override name = 'StoreUnavailable';
}
