import { closeSync, existsSync, fdatasyncSync, openSync } from 'node:fs';
import type { SqliteDatabase } from 'kysely';
import { wrapStatements } from './wrap-statements';

/**
 * What must survive a power cut, not just a crash of the process: accounts, sessions (a logout
 * or revocation that comes back undone after a reboot re-opens a door), subscriptions, payments
 * and the webhook log that orders them. Everything else (watch progress, notifications, the
 * outbox, reports) may lose its last second on a power cut, and keeps SQLite's fast
 * synchronous=NORMAL commits.
 */
export const DURABLE_TABLES = [
  'users',
  'sessions',
  'refresh_tokens',
  'subscriptions',
  'payments',
  'webhook_events',
] as const;

const WRITE_TARGET =
  /^\s*(?:(?:insert|replace)(?:\s+or\s+\w+)?\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?(\w+)"?/i;

export function durableTableWritten(sqlText: string): string | null {
  const table = WRITE_TARGET.exec(sqlText)?.[1]?.toLowerCase();
  return table && (DURABLE_TABLES as readonly string[]).includes(table) ? table : null;
}

/** fdatasync of the write-ahead log: exactly what synchronous=FULL does at every commit in WAL mode. */
export function syncWal(dbFile: string): () => void {
  const wal = `${dbFile}-wal`;
  return () => {
    if (!existsSync(wal)) return;
    const fd = openSync(wal, 'r+');
    try {
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
}

/**
 * Runs with synchronous=NORMAL (the WAL reaches the disk at checkpoints only) and, once a
 * transaction that wrote a durable table has committed, syncs the WAL before the caller, and
 * so the client, hears it succeeded. One fsync per such commit instead of one per every commit.
 */
export function withDurableWrites(
  database: SqliteDatabase,
  inTransaction: () => boolean,
  sync: () => void,
): SqliteDatabase {
  let pending = false;
  return wrapStatements(database, (sqlText) => {
    const durable = durableTableWritten(sqlText) !== null;
    return <T>(run: () => T): T => {
      const result = run();
      if (durable) pending = true;
      if (pending && !inTransaction()) {
        pending = false;
        sync();
      }
      return result;
    };
  });
}
