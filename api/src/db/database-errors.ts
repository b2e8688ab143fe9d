/**
 * Which database failures are an outage rather than a bug: the one place that decides, so every route
 * answers them alike (503 with Retry-After, see plugins/error-handler.ts) instead of a 500 per route.
 *
 * - `unreachable`: PostgreSQL is down, restarting or cut off. Nothing was written; the same request
 *   succeeds once the pool reconnects, which it does by itself (a broken client is dropped on release
 *   and the next query opens a new connection).
 * - `cannot-write`: SQLite cannot write (a full disk, a read-only file or folder, an I/O error, a writer
 *   that held the lock past busy_timeout). The statement was rolled back; reads keep working.
 */
export type DatabaseOutage = 'unreachable' | 'cannot-write';

/** Seconds a client should wait before trying again: a PostgreSQL restart takes a few. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** A full disk or a read-only mount needs an operator, not a few seconds. */
export const READ_ONLY_RETRY_AFTER_SECONDS = 30;

/** Node's socket errors: the server refused, reset or never answered the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/**
 * node-postgres raises these without a code: the pool's connectionTimeoutMillis, a connection the
 * server closed under a query, a client used after its connection failed, the client-side query_timeout.
 */
const PG_CLIENT_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|Query read timeout)$/;

/** better-sqlite3's codes for a write the file cannot take (extended codes start with the primary one). */
const SQLITE_WRITE = /^SQLITE_(FULL|READONLY|IOERR|BUSY|CANTOPEN|LOCKED)/;

function classify(err: object): DatabaseOutage | null {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || SQLSTATE.test(code)) return 'unreachable';
    if (SQLITE_WRITE.test(code)) return 'cannot-write';
  }
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.test(message)) return 'unreachable';
  return null;
}

/**
 * The outage this error (or an error it wraps, through `cause` or an AggregateError's `errors`, as
 * node's happy-eyeballs connect raises) stands for, or null when it is not one.
 */
export function databaseOutage(err: unknown, depth = 0): DatabaseOutage | null {
  if (typeof err !== 'object' || err === null || depth > 4) return null;
  const found = classify(err);
  if (found) return found;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors))
    for (const inner of errors) {
      const hit = databaseOutage(inner, depth + 1);
      if (hit) return hit;
    }
  return databaseOutage(cause, depth + 1);
}
