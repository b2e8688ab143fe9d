import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Generated } from 'kysely';
import { migrateSignals, type SignalTables } from './signals/signal-tables';

export interface TokenTable {
  id: string;
  /** sha256 of the token: the token itself is shown once and never stored. */
  token_hash: string;
  /** Exactly one of team and environment is set. */
  team: string | null;
  environment: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface EnvironmentTable {
  name: string;
  revision: number;
  /** The composition document, as JSON. */
  document: string;
  updated_at: string;
}

/** Every document an environment has had: revision n is what the nth edit left (1: the seed). */
export interface RevisionTable {
  environment: string;
  revision: number;
  document: string;
  at: string;
}

export interface AuditTable {
  id: Generated<number>;
  at: string;
  environment: string;
  remote: string;
  action: string;
  outcome: string;
  team: string | null;
  environment_owner: string | null;
  token_id: string;
  from_version: string | null;
  to_version: string | null;
  from_entry: string | null;
  to_entry: string | null;
  revision: number;
  gate_report: string | null;
  ci_run: string | null;
  message: string | null;
}

/** The Ed25519 keys preview links are signed with (preview-keys.ts). */
export interface SigningKeyTable {
  kid: string;
  /** PKCS#8 PEM: like the tokens' hashes, it never leaves the control plane. */
  private_key: string;
  /** The public half as a JWK (JSON), published at GET /v1/keys. */
  public_jwk: string;
  created_at: string;
  /** Set when a newer key took over signing; the key stays published while its links may live. */
  retired_at: string | null;
}

export interface ControlPlaneTables extends SignalTables {
  tokens: TokenTable;
  signing_keys: SigningKeyTable;
  environments: EnvironmentTable;
  environment_revisions: RevisionTable;
  audit: AuditTable;
}

export type Dialect = 'sqlite' | 'postgres';

export interface ControlPlaneDatabase {
  db: Kysely<ControlPlaneTables>;
  dialect: Dialect;
  /** Where it lives, for the start-up line (never the URL's password). */
  describe: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL (several instances may share it). */
  databaseUrl?: string;
  /** The embedded database's folder (control-plane.sqlite inside); ':memory:' for a throwaway one. */
  dataDir?: string;
  /** PostgreSQL connections per instance. */
  poolSize?: number;
}

export const SQLITE_FILE = 'control-plane.sqlite';

export async function openDatabase(options: DatabaseOptions): Promise<ControlPlaneDatabase> {
  if (options.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(options.databaseUrl))
      throw new Error(
        `The control plane's database URL must be postgres://… (got "${options.databaseUrl.split(':')[0]}:…").`,
      );
    const pg = await import('pg');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      // Ids are bigserial (int8), which pg hands back as strings; audit ids fit in a double.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20 ? Number : pg.types.getTypeParser(oid, format)) as never,
      },
    });
    // An idle connection the server ends would otherwise crash the process; the pool reconnects.
    pool.on('error', () => undefined);
    const db = new Kysely<ControlPlaneTables>({ dialect: new PostgresDialect({ pool }) });
    const url = new URL(options.databaseUrl);
    const handle: ControlPlaneDatabase = {
      db,
      dialect: 'postgres',
      describe: `PostgreSQL at ${url.host}${url.pathname}`,
      close: () => db.destroy(),
    };
    await migrate(handle);
    return handle;
  }
  const dir = options.dataDir ?? ':memory:';
  let file = ':memory:';
  if (dir !== ':memory:') {
    mkdirSync(dir, { recursive: true });
    file = path.join(dir, SQLITE_FILE);
  }
  const sqlite = new SQLite(file);
  if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<ControlPlaneTables>({ dialect: new SqliteDialect({ database: sqlite }) });
  const handle: ControlPlaneDatabase = {
    db,
    dialect: 'sqlite',
    describe: file === ':memory:' ? 'SQLite in memory' : `SQLite at ${file}`,
    close: () => db.destroy(),
  };
  await migrate(handle);
  return handle;
}

/** Arbitrary, fixed: the advisory lock that makes instances starting together migrate one at a time. */
const MIGRATION_LOCK = 0x5f1ec9;

/**
 * Creates what is missing. Instances started together on one PostgreSQL take turns (a transaction-scoped
 * advisory lock; PostgreSQL's DDL is transactional), so none sees half a schema or trips on another's
 * CREATE.
 */
async function migrate({ db, dialect }: ControlPlaneDatabase): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await trx.schema
      .createTable('tokens')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('team', 'text')
      .addColumn('environment', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addCheckConstraint('tokens_one_scope', sql`(team is null) <> (environment is null)`)
      .execute();
    await trx.schema
      .createTable('environments')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await trx.schema
      .createTable('environment_revisions')
      .ifNotExists()
      .addColumn('environment', 'text', (c) => c.notNull().references('environments.name'))
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('environment_revisions_pk', ['environment', 'revision'])
      .execute();
    await trx.schema
      .createTable('audit')
      .ifNotExists()
      .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('remote', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('team', 'text')
      .addColumn('environment_owner', 'text')
      .addColumn('token_id', 'text', (c) => c.notNull())
      .addColumn('from_version', 'text')
      .addColumn('to_version', 'text')
      .addColumn('from_entry', 'text')
      .addColumn('to_entry', 'text')
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('gate_report', 'text')
      .addColumn('ci_run', 'text')
      .addColumn('message', 'text')
      .execute();
    // Append-only below the API too: an UPDATE or DELETE of an audit row fails, whoever sends it.
    if (dialect === 'postgres') {
      await sql`create or replace function audit_append_only() returns trigger language plpgsql as $$
        begin raise exception 'the audit is append-only'; end $$`.execute(trx);
      await sql`create or replace trigger audit_append_only before update or delete on audit
        for each row execute function audit_append_only()`.execute(trx);
    } else {
      for (const event of ['update', 'delete'])
        await sql
          .raw(
            `create trigger if not exists audit_no_${event} before ${event} on audit ` +
              `begin select raise(abort, 'the audit is append-only'); end`,
          )
          .execute(trx);
    }
    await trx.schema
      .createTable('signing_keys')
      .ifNotExists()
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('private_key', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('retired_at', 'text')
      .execute();
    await trx.schema
      .createIndex('audit_by_environment_remote')
      .ifNotExists()
      .on('audit')
      .columns(['environment', 'remote', 'id'])
      .execute();
    await migrateSignals(trx);
  });
}
