/**
 * When the client tries a call a second time. Only a connection failure is retried, and only for a
 * request that is safe to send twice; the answer to every other failure is the API's own.
 *
 * A connection failure is one the API never answered: no response at all (the instance died with the
 * socket open, the connection was refused or reset), or a 502/504 from a proxy or load balancer in front
 * of it that carries no API envelope (the API's own 502, a payment provider it could not reach, is an
 * answer). A 503 says "not now" whoever sends it (the API's under-pressure and database-outage answers
 * included): nothing was done, so it is retried too, after its Retry-After when one is given.
 * A timeout is not retried: the first request may still be running, and the viewer has waited long enough.
 */

/** The pause before the one retry: long enough for a load balancer to route round a dead instance. */
export const RETRY_DELAY_MS = 300;
/** A 503 that asks for a longer wait than this is handed to the caller at once, not waited out. */
export const MAX_RETRY_AFTER_MS = 3_000;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface RetryRequest {
  method?: string;
  headers?: unknown;
  data?: unknown;
}

/**
 * Safe to send twice: GET, HEAD, PUT and DELETE by definition, and a POST or PATCH that carries an
 * idempotency key (the `Idempotency-Key` header, or the contract's `idempotencyKey` body field, which the
 * API stores and answers a repeat from). A write without one is never retried: it could happen twice.
 */
export function isRetrySafe(request: RetryRequest): boolean {
  if (SAFE_METHODS.has((request.method ?? 'GET').toUpperCase())) return true;
  const headers = (request.headers ?? {}) as Record<string, unknown>;
  if (Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key' && headers[h]))
    return true;
  const body = request.data;
  return (
    typeof body === 'object' &&
    body !== null &&
    !(typeof FormData !== 'undefined' && body instanceof FormData) &&
    typeof (body as { idempotencyKey?: unknown }).idempotencyKey === 'string' &&
    (body as { idempotencyKey: string }).idempotencyKey !== ''
  );
}

export interface FailedAttempt {
  /** axios's error code: ERR_NETWORK, ECONNRESET, ECONNABORTED (timeout), ERR_CANCELED... */
  code?: string;
  response?: { status: number; data?: unknown; headers?: Record<string, unknown> };
}

const NOT_CONNECTION_FAILURES = new Set(['ERR_CANCELED', 'ECONNABORTED', 'ETIMEDOUT']);

/** An API answer always has the `{ status, message, data }` envelope; a proxy's error page does not. */
const isEnvelope = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { status?: unknown }).status === 'boolean';

/** True when nothing answered for the API: no response, or a proxy's 502/503/504 without an envelope. */
export function isConnectionFailure(failure: FailedAttempt): boolean {
  if (!failure.response) return !NOT_CONNECTION_FAILURES.has(failure.code ?? '');
  const { status, data } = failure.response;
  if (status === 503) return true;
  return (status === 502 || status === 504) && !isEnvelope(data);
}

/** Retry-After in ms (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(value: unknown, now = Date.now()): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before the one retry of this failed request, or null when it must not be retried
 * (not a connection failure, not safe to repeat, or a Retry-After beyond what is worth waiting here).
 */
export function connectionRetryDelay(
  request: RetryRequest,
  failure: FailedAttempt,
  now = Date.now(),
): number | null {
  if (!isRetrySafe(request) || !isConnectionFailure(failure)) return null;
  const headers = failure.response?.headers ?? {};
  const asked = failure.response?.status === 503 ? retryAfterMs(headers['retry-after'], now) : null;
  if (asked === null) return RETRY_DELAY_MS;
  return asked > MAX_RETRY_AFTER_MS ? null : Math.max(asked, RETRY_DELAY_MS);
}
