import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { API_PACKAGE_VERSION } from '../../../lib/build-info';
import {
  BackupError,
  describeFile,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  type BackupManifest,
} from './backup-manifest';
import { dumpPostgres } from './postgres-backup';
import { copySqlite, inspectSqlite, type DatabaseFacts } from './sqlite-backup';

/** The files of a data folder that a backup carries besides the database (see api/README.md → Backups). */
export const SQLITE_FILE = 'streamflix.sqlite';
export const UPLOADS_DIR = 'uploads';
export const SECRET_FILES = ['jwt-secret', 'webhook-secret'] as const;

export const NOT_INCLUDED: Record<string, string> = {
  media:
    'Generated HLS (MEDIA_DIR): rebuilt from the catalogue by the API at start (ffmpeg, minutes); ' +
    'copy MEDIA_DIR separately to skip that.',
  secretsFromEnvironment:
    'JWT_SECRET, STRIPE_* and other settings given as environment variables: keep them with the deployment configuration.',
};

const BACKUP_NAME = /^streamflix-backup-\d{8}T\d{6}Z(-\d+)?$/;

export interface BackupOptions {
  /** The API's DATA_DIR: the SQLite file, uploads and generated secrets. */
  dataDir: string;
  /** postgres://…: back up that database instead of the SQLite file. */
  databaseUrl?: string;
  /** The folder that collects backups, one sub-folder each. */
  outDir: string;
  /** Keep this many complete backups in outDir, removing older ones after a successful backup. */
  keep?: number;
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  /** Older backups removed by `keep`. */
  removed: string[];
}

function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function filesUnder(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(root, rel);
    return entry.isFile() ? [rel] : [];
  });
}

/**
 * Writes one backup into a new folder under outDir. It is assembled under a hidden `.partial` name and
 * renamed when complete, so a folder with the backup's name is always a whole backup.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const started = new Date();
  mkdirSync(options.outDir, { recursive: true, mode: 0o700 });
  const base = `streamflix-backup-${stamp(started)}`;
  let name = base;
  for (let n = 2; existsSync(path.join(options.outDir, name)); n++) name = `${base}-${n}`;
  const partial = path.join(options.outDir, `.${name}.partial`);
  const final = path.join(options.outDir, name);
  // Password hashes, emails and the signing secrets: for the operator's eyes only.
  mkdirSync(partial, { mode: 0o700 });
  try {
    let facts: DatabaseFacts;
    let serverVersion: string | undefined;
    const kind = options.databaseUrl ? 'postgres' : 'sqlite';
    const dbFile = kind === 'postgres' ? 'database.pgdump' : 'database.sqlite';
    if (options.databaseUrl) {
      ({ serverVersion, ...facts } = await dumpPostgres(
        options.databaseUrl,
        path.join(partial, dbFile),
      ));
    } else {
      copySqlite(path.join(options.dataDir, SQLITE_FILE), path.join(partial, dbFile));
      facts = inspectSqlite(path.join(partial, dbFile), true);
    }
    if (facts.migrations.length === 0)
      throw new BackupError(
        'The database has no applied migrations: it is not (yet) a StreamFlix database. Start the API on it once first.',
      );
    // After the database snapshot: an avatar replaced in between is missing from the copy (the
    // viewer's picture shows empty after a restore); one added in between is there unreferenced.
    const uploads = path.join(options.dataDir, UPLOADS_DIR);
    if (existsSync(uploads)) cpSync(uploads, path.join(partial, UPLOADS_DIR), { recursive: true });
    for (const secret of SECRET_FILES) {
      const from = path.join(options.dataDir, secret);
      if (!existsSync(from)) continue;
      mkdirSync(path.join(partial, 'secrets'), { recursive: true, mode: 0o700 });
      const to = path.join(partial, 'secrets', secret);
      copyFileSync(from, to);
      chmodSync(to, 0o600);
    }
    const files = [];
    for (const rel of filesUnder(partial).sort()) files.push(await describeFile(partial, rel));
    const finished = new Date();
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      apiVersion: API_PACKAGE_VERSION,
      database: {
        kind,
        file: dbFile,
        ...(serverVersion ? { serverVersion } : {}),
        migrations: facts.migrations,
        rowCounts: facts.rowCounts,
      },
      files,
      totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      notIncluded: NOT_INCLUDED,
    };
    writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    renameSync(partial, final);
    const removed = options.keep ? pruneBackups(options.outDir, options.keep) : [];
    return { dir: final, manifest, removed };
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

/** Removes all but the newest `keep` complete backups in outDir; other folders are left alone. */
export function pruneBackups(outDir: string, keep: number): string[] {
  const complete = readdirSync(outDir)
    .filter((n) => BACKUP_NAME.test(n) && existsSync(path.join(outDir, n, MANIFEST_FILE)))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const old = complete.slice(0, Math.max(0, complete.length - keep));
  for (const n of old) rmSync(path.join(outDir, n), { recursive: true, force: true });
  return old.map((n) => path.join(outDir, n));
}
