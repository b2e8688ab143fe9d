import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { BackupError } from './backup-manifest';

export interface DatabaseFacts {
  migrations: string[];
  rowCounts: Record<string, number>;
}

/**
 * An online, consistent copy of a live database: VACUUM INTO reads one snapshot in a single read
 * transaction, which in WAL mode never blocks the API's writers (nor waits for them), and writes a
 * compact file. The SQLite backup API (db.backup) would restart from the first page each time another
 * process commits, so under a steady write burst it might never finish.
 */
export function copySqlite(dbFile: string, destFile: string): void {
  if (!existsSync(dbFile))
    throw new BackupError(
      `There is no SQLite database at ${dbFile} (set DATA_DIR, or --data-dir, to the API's data folder).`,
    );
  const source = new SQLite(dbFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 10000');
    source.prepare('VACUUM INTO ?').run(destFile);
  } finally {
    source.close();
  }
}

/**
 * PRAGMA integrity_check over the whole file, then what restore compares: the applied migrations and
 * the rows per table. `settle` leaves the file in rollback-journal mode, so opening it later (to verify
 * or restore) creates no -wal/-shm files beside it and cannot change its checksum.
 */
export function inspectSqlite(file: string, settle = false): DatabaseFacts {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { fileMustExist: true });
  } catch (err) {
    throw new BackupError(`${file} cannot be opened as SQLite: ${(err as Error).message}`);
  }
  try {
    let result: unknown;
    try {
      result = db.pragma('integrity_check', { simple: true });
    } catch (err) {
      throw new BackupError(`${file} failed PRAGMA integrity_check: ${(err as Error).message}`);
    }
    if (result !== 'ok')
      throw new BackupError(`${file} failed PRAGMA integrity_check: ${String(result)}`);
    if (settle) db.pragma('journal_mode = DELETE');
    return factsOf(db);
  } finally {
    db.close();
  }
}

function factsOf(db: SQLite.Database): DatabaseFacts {
  const hasMigrations = db
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
    .get();
  const migrations = hasMigrations
    ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[])
    : [];
  // Ordinary tables only: a virtual table (the FTS5 index) is counted through its shadow tables.
  const tables = db
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
       and sql not like 'CREATE VIRTUAL TABLE%' order by name`,
    )
    .pluck()
    .all() as string[];
  const rowCounts: Record<string, number> = {};
  for (const t of tables)
    rowCounts[t] = db
      .prepare(`select count(*) from "${t.replaceAll('"', '""')}"`)
      .pluck()
      .get() as number;
  return { migrations, rowCounts };
}
