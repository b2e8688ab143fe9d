import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { syncWal, withDurableWrites } from './durable-writes';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for the few hot statements that skip the query builder. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** SQLite file path or ':memory:'. Ignored when databaseUrl is set. */
  dbFile?: string;
  /** postgres://... selects PostgreSQL through the same query code. */
  databaseUrl?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    // Loaded lazily so the SQLite path never pays for pg.
    const { Pool, types } = await import('pg');
    // COUNT(*) and int8 columns come back as strings by default; our counts fit in a double.
    types.setTypeParser(20, (v: string) => Number(v));
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.dbFile ?? ':memory:';
  const sqlite = new SQLite(file);
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  // Survives a crash of the process; what must also survive a power cut is synced per commit
  // (durable-writes.ts, decision and measurements in api/README.md).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -64000');
  sqlite.pragma('temp_store = MEMORY');
  const cached = withStatementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database:
        file === ':memory:'
          ? cached
          : withDurableWrites(cached, () => sqlite.inTransaction, syncWal(file)),
    }),
  });
  return { db, dialect: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * Kysely's SQLite driver prepares every query anew, and compiling the SQL costs more than running a point
 * lookup (a title by id, a user's favourite). The query builder emits a bounded set of parameterised SQL
 * texts, so prepared statements are kept by text. Reusing one is safe: the driver runs a single query at
 * a time on its one connection (a stream holds the connection until it ends). The bound covers the few
 * texts that vary with list lengths (IN lists, batched inserts).
 */
export function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let stmt = statements.get(text);
      if (stmt) {
        statements.delete(text);
      } else {
        stmt = sqlite.prepare(text);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, stmt);
      return stmt;
    },
    close: () => sqlite.close(),
  };
}
