import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import type { Pool } from 'pg';
import { syncWal, withDurableWrites } from './durable-writes';
import { WriteHealth, withWriteHealth } from './write-health';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/** The PostgreSQL pool's connections now (pg's Pool counters) and its ceiling (PG_POOL_SIZE). */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero for long means the pool is too small. */
  waiting: number;
  max: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The raw SQLite handle, for the few hot statements that skip the query builder. */
  sqlite?: SQLite.Database;
  /**
   * Runs `fn` while holding the named lock, across every API instance on this database: a session
   * advisory lock on PostgreSQL (held on a connection of its own, so a long job never takes one from
   * the pool); on SQLite, where one process owns the database, an in-process queue.
   * Others asking for the same name wait until it is released.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only. SQLite has no pool: one in-process connection that runs a query at a time,
   * so there is nothing to report.
   */
  poolStats?: () => PoolStats;
  /**
   * SQLite only: whether its last writes could be stored (a full disk or a read-only file still
   * answers reads). PostgreSQL's outages show in its connections instead.
   */
  writeHealth?: WriteHealth;
  close(): Promise<void>;
}

/** Advisory lock keys are two int4s: one namespace for the app, one per lock name. */
const LOCK_NAMESPACE = 0x5f1e;
function lockKey(name: string): number {
  // FNV-1a, folded into a signed int4.
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}

function inProcessExclusive(): DatabaseHandle['exclusive'] {
  const tails = new Map<string, Promise<unknown>>();
  return (name, fn) => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
    });
    return run;
  };
}

/**
 * PostgreSQL's text cannot hold U+0000 (SQLite's can), so a NUL in what someone typed would fail the
 * statement with a 500. It never means anything in this app's text: it is dropped on the way in, for
 * every statement, here rather than in each route.
 */
function withoutNul(pool: Pool): PostgresPool {
  const clean = (v: unknown) =>
    typeof v === 'string' && v.includes('\u0000') ? v.replaceAll('\u0000', '') : v;
  const guarded = new WeakSet<object>();
  return {
    connect: async () => {
      const client = await pool.connect();
      // pg's pool listens for errors only on idle clients. A checked-out client whose server goes away
      // (a restart, an admin kill) emits 'error' too, besides failing its query, and an 'error' event
      // without a listener would end the process. The failed query reports the error; on release the
      // pool sees the client is no longer queryable and drops it, so the next query reconnects.
      if (!guarded.has(client)) {
        guarded.add(client);
        client.on('error', () => undefined);
      }
      return {
        query: ((query: string, parameters?: readonly unknown[]) =>
          client.query(query, parameters?.map(clean))) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

export interface DatabaseOptions {
  /** SQLite file path or ':memory:'. Ignored when databaseUrl is set. */
  dbFile?: string;
  /** postgres://... selects PostgreSQL through the same query code. */
  databaseUrl?: string;
  /** PostgreSQL connections per instance (PG_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL: give up opening (or waiting for) a connection after this long (PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest a statement may run (PG_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
}

/**
 * While PostgreSQL is down or restarting, a request must fail within seconds (a 503 with Retry-After,
 * see db/database-errors.ts), not wait for TCP's minutes:
 * - connectionTimeoutMillis bounds opening a connection to a server that does not answer, and the wait
 *   for a free connection when the pool is exhausted;
 * - statement_timeout (server side) ends a runaway statement, and query_timeout (client side, a little
 *   longer) ends the wait for a server that stopped answering on an open connection.
 * A refused or reset connection fails at once without any of them.
 */
export function pgTimeouts(
  options: Pick<DatabaseOptions, 'connectTimeoutMs' | 'statementTimeoutMs'>,
) {
  const statement = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  return {
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statement,
    query_timeout: statement + 5000,
  };
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** Generous: seeding the real catalogue and rebuilding its search index run through the pool too. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    // Loaded lazily so the SQLite path never pays for pg.
    const { Client, Pool, types } = await import('pg');
    // COUNT(*) and int8 columns come back as strings by default; our counts fit in a double.
    types.setTypeParser(20, (v: string) => Number(v));
    const url = options.databaseUrl;
    const max = options.poolSize ?? 10;
    const pool = new Pool({
      connectionString: url,
      max,
      ...pgTimeouts(options),
      // Notices a server that vanished without closing the connection (a host or network gone).
      keepAlive: true,
    });
    // An idle connection the server ends (restart, failover, admin kill) is reported here; without a
    // listener the process would crash. The pool drops that connection and the next query opens another.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withoutNul(pool) }) });
    const local = inProcessExclusive();
    const exclusive: DatabaseHandle['exclusive'] = (name, fn) =>
      // Queued in-process first, so one instance never holds two sessions waiting on itself.
      local(name, async () => {
        const client = new Client({
          connectionString: url,
          connectionTimeoutMillis: pgTimeouts(options).connectionTimeoutMillis,
        });
        // Losing the session releases the lock; the job's own queries (on the pool) report their errors.
        client.on('error', () => undefined);
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, lockKey(name)]);
          return await fn();
        } finally {
          // Ending the session releases its advisory locks even if the unlock below never ran.
          await client
            .query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, lockKey(name)])
            .catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      });
    const poolStats = (): PoolStats => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    });
    return { db, dialect: 'postgres', exclusive, poolStats, close: () => db.destroy() };
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
  const writeHealth = new WriteHealth();
  const cached = withWriteHealth(withStatementCache(sqlite), writeHealth);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database:
        file === ':memory:'
          ? cached
          : withDurableWrites(cached, () => sqlite.inTransaction, syncWal(file)),
    }),
  });
  return {
    db,
    dialect: 'sqlite',
    sqlite,
    writeHealth,
    exclusive: inProcessExclusive(),
    close: () => db.destroy(),
  };
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
