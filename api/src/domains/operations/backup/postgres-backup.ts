import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { BackupError } from './backup-manifest';
import type { DatabaseFacts } from './sqlite-backup';

interface PgTools {
  major: number;
  pgDump: string;
  pgRestore: string;
}

/**
 * pg_dump and pg_restore of the server's own major version (Debian installs each major under
 * /usr/lib/postgresql/<major>/bin): an older pg_dump refuses a newer server, and a newer one writes
 * archives an older pg_restore cannot read. PG_BIN_DIR overrides the folder.
 */
export function pgToolsFor(serverVersionNum: number): PgTools {
  const major = Math.floor(serverVersionNum / 10000);
  const dir = process.env.PG_BIN_DIR || `/usr/lib/postgresql/${major}/bin`;
  const pgDump = path.join(dir, 'pg_dump');
  const pgRestore = path.join(dir, 'pg_restore');
  if (!existsSync(pgDump) || !existsSync(pgRestore))
    throw new BackupError(
      `pg_dump/pg_restore for PostgreSQL ${major} were not found in ${dir}: install postgresql-client-${major} ` +
        '(Debian/Ubuntu) or set PG_BIN_DIR to the folder that holds them.',
    );
  return { major, pgDump, pgRestore };
}

/** The URL without its password (which goes to the tools as PGPASSWORD, never on a command line). */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Where a URL points, for messages: never its password. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    throw new BackupError(
      'The database URL is not a URL (expected postgres://user@host:port/database).',
    );
  }
}

function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += String(c)));
    child.stderr.on('data', (c: Buffer) => (err += String(c)));
    child.once('error', (e) =>
      reject(new BackupError(`${path.basename(file)} could not run: ${e.message}`)),
    );
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(out)
        : reject(
            new BackupError(
              `${path.basename(file)} failed (${signal ?? `exit ${code}`}): ${err.trim() || 'no message'}`,
            ),
          ),
    );
  });
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw Object.assign(
      new BackupError(
        `Cannot connect to PostgreSQL at ${describeUrl(url)}: ${(err as Error).message}`,
      ),
      { code: (err as { code?: string }).code },
    );
  }
  return client;
}

async function serverVersion(client: Client): Promise<{ text: string; num: number }> {
  const { rows } = await client.query<{ server_version: string; num: string }>(
    `select current_setting('server_version') as server_version, current_setting('server_version_num') as num`,
  );
  return { text: rows[0]!.server_version, num: Number(rows[0]!.num) };
}

async function pgFacts(client: Client): Promise<DatabaseFacts> {
  const exists = await client.query<{ t: string | null }>(
    `select to_regclass('public.kysely_migration')::text as t`,
  );
  const migrations = exists.rows[0]!.t
    ? (
        await client.query<{ name: string }>('select name from kysely_migration order by name')
      ).rows.map((r) => r.name)
    : [];
  const tables = await client.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rowCounts: Record<string, number> = {};
  for (const { tablename } of tables.rows) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from public."${tablename.replaceAll('"', '""')}"`,
    );
    rowCounts[tablename] = Number(rows[0]!.n);
  }
  return { migrations, rowCounts };
}

/**
 * pg_dump -Fc of one snapshot, exported by a repeatable-read transaction that also reads the
 * migrations and row counts: the archive and the manifest describe the same instant, which is after
 * every write acknowledged before this call. Writers are never blocked.
 */
export async function dumpPostgres(
  url: string,
  archive: string,
): Promise<DatabaseFacts & { serverVersion: string }> {
  const client = await connect(url);
  try {
    const version = await serverVersion(client);
    const tools = pgToolsFor(version.num);
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const facts = await pgFacts(client);
    const { dbname, env } = toolConnection(url);
    await runTool(
      tools.pgDump,
      [
        '--format=custom',
        `--snapshot=${rows[0]!.snapshot}`,
        `--file=${archive}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('commit');
    // Reads the archive's table of contents back: a dump pg_restore cannot list is no backup.
    await runTool(tools.pgRestore, ['--list', archive], env);
    return { ...facts, serverVersion: version.text };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Connects to the target database, creating it when it does not exist yet (a fresh database). */
async function openTarget(url: string): Promise<{ client: Client; created: boolean }> {
  try {
    return { client: await connect(url), created: false };
  } catch (err) {
    // 3D000: the database does not exist.
    if ((err as { code?: string }).code !== '3D000') throw err;
  }
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = await connect(maintenance.toString());
  try {
    await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } catch (err) {
    throw new BackupError(
      `The database ${name} does not exist and could not be created: ${(err as Error).message}`,
    );
  } finally {
    await admin.end().catch(() => undefined);
  }
  return { client: await connect(url), created: true };
}

async function dropDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = await connect(maintenance.toString());
  try {
    await admin.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

/**
 * pg_restore in one transaction: it either completes or leaves the database as it was. A database
 * with tables is refused unless `force`, which drops what the archive holds first (--clean --if-exists,
 * in the same transaction). `check` runs on the restored database; when it throws and this call created
 * the database, the database is dropped again.
 */
export async function restorePostgres(
  url: string,
  archive: string,
  force: boolean,
  check: (facts: DatabaseFacts) => void,
): Promise<DatabaseFacts> {
  const { client, created } = await openTarget(url);
  let facts: DatabaseFacts;
  try {
    const tools = pgToolsFor((await serverVersion(client)).num);
    const { dbname, env } = toolConnection(url);
    await runTool(tools.pgRestore, ['--list', archive], env);
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    const tables = Number(rows[0]!.n);
    if (tables > 0 && !force)
      throw new BackupError(
        `The database ${describeUrl(url)} is not empty (${tables} tables): restoring would overwrite it. ` +
          'Stop the API and pass --force to replace its contents, or restore into a new database.',
      );
    await runTool(
      tools.pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(force ? ['--clean', '--if-exists'] : []),
        `--dbname=${dbname}`,
        archive,
      ],
      env,
    );
    facts = await pgFacts(client);
    check(facts);
  } catch (err) {
    await client.end().catch(() => undefined);
    if (created) await dropDatabase(url).catch(() => undefined);
    throw err;
  }
  await client.end().catch(() => undefined);
  return facts;
}
