import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { knownMigrations } from '../../../db/migrations';
import { BackupError, readManifest, verifyFiles, type BackupManifest } from './backup-manifest';
import { SECRET_FILES, SQLITE_FILE, UPLOADS_DIR } from './backup';
import { describeUrl, restorePostgres } from './postgres-backup';
import { inspectSqlite, type DatabaseFacts } from './sqlite-backup';

export interface RestoreOptions {
  /** One backup folder (the one holding manifest.json). */
  backupDir: string;
  /** The API's DATA_DIR to restore the SQLite file, uploads and secrets into. */
  dataDir: string;
  /** postgres://…: where a PostgreSQL backup goes (created when it does not exist). */
  databaseUrl?: string;
  /** Replace what the target holds. Without it a non-empty target is refused. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  durationMs: number;
  /** Migrations this code has that the backup had not: the API applies them at its next start. */
  pendingMigrations: string[];
}

/** The restored database is the one the manifest describes, and this code can run on it. */
function checkRestored(manifest: BackupManifest, facts: DatabaseFacts): string[] {
  const expected = manifest.database.migrations;
  if (facts.migrations.join(',') !== expected.join(','))
    throw new BackupError(
      `The restored database's migrations (${facts.migrations.join(', ') || 'none'}) are not the backup's (${expected.join(', ')}).`,
    );
  const known = knownMigrations(manifest.database.kind);
  const unknown = expected.filter((m) => !known.includes(m));
  if (unknown.length > 0)
    throw new BackupError(
      `The backup was taken by a newer API (migrations this code does not know: ${unknown.join(', ')}); ` +
        `restore it with that version (the backup says ${manifest.apiVersion}).`,
    );
  const differ = Object.entries(manifest.database.rowCounts)
    .filter(([table, n]) => facts.rowCounts[table] !== n)
    .map(([table, n]) => `${table}: ${facts.rowCounts[table] ?? 'missing'} rows, expected ${n}`);
  if (differ.length > 0)
    throw new BackupError(
      `The restored database does not hold the rows the backup recorded:\n- ${differ.join('\n- ')}`,
    );
  return known.filter((m) => !expected.includes(m));
}

/** What in the data folder a restore would replace. */
function occupied(dataDir: string, kind: 'sqlite' | 'postgres'): string[] {
  const names = [
    ...(kind === 'sqlite' ? [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`] : []),
    ...SECRET_FILES,
  ];
  const found = names.filter((n) => existsSync(path.join(dataDir, n)));
  const uploads = path.join(dataDir, UPLOADS_DIR);
  if (existsSync(uploads) && readdirSync(uploads).length > 0) found.push(`${UPLOADS_DIR}/`);
  return found;
}

/**
 * Restores a backup into a fresh data folder (and, for PostgreSQL, a fresh database). Checks come
 * first and change nothing: the manifest, every file's size and checksum, that the target is empty
 * (unless `force`). The database is then restored and checked (integrity, migrations, row counts)
 * before anything in the data folder is replaced: SQLite and the files are staged in a hidden folder
 * inside dataDir and renamed into place; PostgreSQL restores in one transaction.
 * With `force`, stop the API first: it must not write to what is being replaced.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const manifest = readManifest(options.backupDir);
  const kind = manifest.database.kind;
  if (kind === 'postgres' && !options.databaseUrl)
    throw new BackupError(
      'This is a PostgreSQL backup: say which database to restore it into with --database-url or DATABASE_URL.',
    );
  if (kind === 'sqlite' && options.databaseUrl)
    throw new BackupError(
      `This is a SQLite backup, but a PostgreSQL database (${describeUrl(options.databaseUrl)}) was named: ` +
        'a backup restores into the kind of database it was taken from. Unset DATABASE_URL to restore into DATA_DIR.',
    );
  await verifyFiles(options.backupDir, manifest);
  const inTheWay = occupied(options.dataDir, kind);
  if (inTheWay.length > 0 && !options.force)
    throw new BackupError(
      `The data folder ${options.dataDir} is not empty (${inTheWay.join(', ')}): restoring would overwrite it. ` +
        'Stop the API and pass --force to replace it, or restore into a fresh folder.',
    );

  mkdirSync(options.dataDir, { recursive: true });
  const staging = mkdtempSync(path.join(options.dataDir, '.restore-'));
  try {
    let pending: string[];
    const backupPath = (rel: string) => path.join(options.backupDir, rel);
    if (kind === 'sqlite') {
      const staged = path.join(staging, SQLITE_FILE);
      copyFileSync(backupPath(manifest.database.file), staged);
      pending = checkRestored(manifest, inspectSqlite(staged));
    } else {
      pending = [];
      await restorePostgres(
        options.databaseUrl!,
        backupPath(manifest.database.file),
        options.force ?? false,
        (facts) => {
          pending = checkRestored(manifest, facts);
        },
      );
    }
    if (existsSync(backupPath(UPLOADS_DIR)))
      cpSync(backupPath(UPLOADS_DIR), path.join(staging, UPLOADS_DIR), { recursive: true });
    for (const secret of SECRET_FILES)
      if (existsSync(backupPath(`secrets/${secret}`)))
        copyFileSync(backupPath(`secrets/${secret}`), path.join(staging, secret));

    // Everything is checked: replace the target's pieces with the staged ones.
    const target = (n: string) => path.join(options.dataDir, n);
    if (kind === 'sqlite') {
      for (const n of [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`])
        rmSync(target(n), { force: true });
      renameSync(path.join(staging, SQLITE_FILE), target(SQLITE_FILE));
    }
    rmSync(target(UPLOADS_DIR), { recursive: true, force: true });
    if (existsSync(path.join(staging, UPLOADS_DIR)))
      renameSync(path.join(staging, UPLOADS_DIR), target(UPLOADS_DIR));
    for (const secret of SECRET_FILES) {
      if (!existsSync(path.join(staging, secret))) continue;
      renameSync(path.join(staging, secret), target(secret));
      chmodSync(target(secret), 0o600);
    }
    return { manifest, durationMs: Date.now() - started, pendingMigrations: pending };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
