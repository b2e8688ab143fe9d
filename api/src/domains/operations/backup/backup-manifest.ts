import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'streamflix-backup/1';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface BackupFile {
  /** Relative to the backup folder, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  /** When the copy began: every write acknowledged before this is in it. */
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  apiVersion: string;
  database: {
    kind: DatabaseKind;
    /** The database file or archive inside the backup. */
    file: string;
    /** PostgreSQL: the server's version (pg_dump and pg_restore of the same major are used). */
    serverVersion?: string;
    /** Kysely's migrations applied in the copy, in order; the last is the schema version. */
    migrations: string[];
    /** Rows per table in the copy, read in the same snapshot as the copy: restore compares them. */
    rowCounts: Record<string, number>;
  };
  /** Every file of the backup but this manifest, with its size and checksum. */
  files: BackupFile[];
  totalBytes: number;
  /** What a backup leaves out on purpose, and how to get it back. */
  notIncluded: Record<string, string>;
}

export class BackupError extends Error {}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function describeFile(root: string, relative: string): Promise<BackupFile> {
  const full = path.join(root, relative);
  return {
    path: relative.split(path.sep).join('/'),
    bytes: statSync(full).size,
    sha256: await sha256File(full),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A path inside the backup folder: a manifest must never make restore read or write elsewhere. */
function safeRelative(p: unknown): p is string {
  return (
    typeof p === 'string' &&
    p.length > 0 &&
    !p.startsWith('/') &&
    !p.includes('\\') &&
    !p.split('/').some((part) => part === '..' || part === '' || part === '.')
  );
}

/** Reads and checks the manifest's shape; anything else than a backup of ours is refused by name. */
export function readManifest(backupDir: string): BackupManifest {
  if (!existsSync(backupDir)) throw new BackupError(`There is no backup at ${backupDir}.`);
  if (!statSync(backupDir).isDirectory())
    throw new BackupError(
      `${backupDir} is not a backup folder (expected a folder with ${MANIFEST_FILE}).`,
    );
  const file = path.join(backupDir, MANIFEST_FILE);
  if (!existsSync(file))
    throw new BackupError(
      `${backupDir} has no ${MANIFEST_FILE}: it is not a backup, or an unfinished one (backups are written under a .partial name and renamed when complete).`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new BackupError(
      `The backup's ${MANIFEST_FILE} is not readable JSON (corrupt or truncated): ${(err as Error).message}`,
    );
  }
  const bad = (what: string) =>
    new BackupError(
      `The backup's ${MANIFEST_FILE} is not valid (${what}): refusing to restore it.`,
    );
  if (!isRecord(parsed)) throw bad('not an object');
  if (parsed.format !== MANIFEST_FORMAT)
    throw bad(`format ${JSON.stringify(parsed.format)}, expected ${MANIFEST_FORMAT}`);
  const db = parsed.database;
  if (!isRecord(db) || (db.kind !== 'sqlite' && db.kind !== 'postgres')) throw bad('database.kind');
  if (!safeRelative(db.file)) throw bad('database.file');
  if (!Array.isArray(db.migrations) || !db.migrations.every((m) => typeof m === 'string'))
    throw bad('database.migrations');
  if (
    !isRecord(db.rowCounts) ||
    !Object.values(db.rowCounts).every((n) => Number.isSafeInteger(n) && (n as number) >= 0)
  )
    throw bad('database.rowCounts');
  if (
    !Array.isArray(parsed.files) ||
    !parsed.files.every(
      (f) =>
        isRecord(f) &&
        safeRelative(f.path) &&
        Number.isSafeInteger(f.bytes) &&
        typeof f.sha256 === 'string' &&
        /^[0-9a-f]{64}$/.test(f.sha256),
    )
  )
    throw bad('files');
  const files = parsed.files as BackupFile[];
  if (!files.some((f) => f.path === db.file)) throw bad('the database file is not listed');
  if (typeof parsed.startedAt !== 'string' || Number.isNaN(Date.parse(parsed.startedAt)))
    throw bad('startedAt');
  return parsed as unknown as BackupManifest;
}

/**
 * Every listed file is there, has its size and its checksum. Runs before restore touches anything,
 * so a corrupt or truncated backup changes nothing.
 */
export async function verifyFiles(backupDir: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  for (const f of manifest.files) {
    const full = path.join(backupDir, f.path);
    if (!existsSync(full)) {
      problems.push(`${f.path} is missing`);
      continue;
    }
    const size = statSync(full).size;
    if (size !== f.bytes) {
      problems.push(
        `${f.path} is ${size} bytes, the manifest says ${f.bytes} (truncated or changed)`,
      );
      continue;
    }
    if ((await sha256File(full)) !== f.sha256)
      problems.push(`${f.path} does not match its SHA-256 checksum (corrupt or changed)`);
  }
  if (problems.length > 0)
    throw new BackupError(
      `The backup at ${backupDir} is damaged; nothing was restored:\n- ${problems.join('\n- ')}`,
    );
}
