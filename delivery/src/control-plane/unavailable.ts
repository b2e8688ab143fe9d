import { StoreUnavailable } from '../build-store/build-store';

/** Seconds a client should wait before retrying a request refused with 503. */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPIPE',
]);
/** PostgreSQL: connection exceptions (08xxx), shutting down or not yet accepting (57P0x), too many connections. */
const POSTGRES = /^(08...|57P0[1-3]|53300)$/;
const SQLITE = new Set(['SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL']);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|is not currently accepting connections|the database system is (starting up|shutting down)/i;

/**
 * Whether a failure means "the database (or the build store) cannot be reached right now" rather than a
 * bug: answered 503 with Retry-After, so pipelines wait and retry instead of failing a deploy for good.
 */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof StoreUnavailable) return true;
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, errors } = err as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK.has(code) || POSTGRES.test(code) || SQLITE.has(code)))
    return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  // pg reports a refused connection to several addresses as an AggregateError.
  return Array.isArray(errors) && errors.some(isUnavailable);
}
