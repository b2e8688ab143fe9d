import { apiBaseUrl } from '../config/runtime-config';
import type { ApiBody, ApiData, ApiParams, ApiQuery, OperationKey } from '../contract/api-types';
import { getAccessToken } from '../session/session-actions';
import { getKidsLockToken, KIDS_LOCK_HEADER } from '../session/kids-lock';
import { callApi, type CallKind } from './api-client';
import type { ApiFailure, ApiResult } from './envelope';

/**
 * One part of a request (params, query or body) as the contract declares it:
 * forbidden when the operation has none, optional when every field is, else
 * required. So a caller cannot forget a path parameter or send a stale field.
 */
type Part<Name extends string, T> = [T] extends [never]
  ? { [P in Name]?: never }
  : Record<string, never> extends T
    ? { [P in Name]?: T }
    : { [P in Name]: T };

export type OperationInput<K extends OperationKey> = Part<'params', ApiParams<K>> &
  Part<'query', ApiQuery<K>> &
  Part<'body', ApiBody<K>> & {
    /** 'guest' never sends the token; 'login' hands a refusal's body back (spec §8). */
    kind?: CallKind;
    /**
     * The request outlives the page (fetch keepalive): for the last call before
     * unload. It is not retried after a refresh, and its answer may never arrive.
     */
    keepalive?: boolean;
    signal?: AbortSignal;
    /**
     * Call as a session that has not started yet (sign-up's carry-over runs
     * before the app switches to signed-in). Such a call is not refreshed on 401.
     */
    accessToken?: string;
    /** A multipart body, for uploads (the contract declares no JSON body for them). */
    form?: FormData;
  };

type HasRequired<T> = Record<string, never> extends T ? false : true;

/** The input argument: required when a part of the request is, optional otherwise. */
export type OperationArgs<K extends OperationKey> =
  HasRequired<ApiParams<K> extends never ? Record<string, never> : ApiParams<K>> extends true
    ? [input: OperationInput<K>]
    : HasRequired<ApiBody<K> extends never ? Record<string, never> : ApiBody<K>> extends true
      ? [input: OperationInput<K>]
      : HasRequired<ApiQuery<K> extends never ? Record<string, never> : ApiQuery<K>> extends true
        ? [input: OperationInput<K>]
        : [input?: OperationInput<K>];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The sign-in calls, sent with credentials: the API keeps an HttpOnly device cookie on them (and only
 * them), so a browser that signed in before cannot be locked out by someone sharing its address.
 * The API allows credentials on exactly these calls.
 */
const DEVICE_COOKIE_OPERATIONS: ReadonlySet<string> = new Set([
  'POST /auth/login',
  'POST /auth/register/verify',
]);

/** Split "GET /titles/{movieId}" into its method and path template. */
function splitOperation(op: string): { method: Method; template: string } {
  const space = op.indexOf(' ');
  return { method: op.slice(0, space) as Method, template: op.slice(space + 1) };
}

/** The path of an operation with its parameters filled in and encoded. */
export function operationPath(op: OperationKey, params?: Record<string, string | number>): string {
  const { template } = splitOperation(op);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '')
      throw new Error(`${op}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string without the undefined fields; arrays repeat their key. */
export function encodeQuery(query?: Record<string, unknown>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.append(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

async function sendKeepalive(
  url: string,
  method: Method,
  body: unknown,
  token: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<never>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const lock = getKidsLockToken();
  if (lock) headers[KIDS_LOCK_HEADER] = lock;
  try {
    // axios's XHR adapter cannot keep a request alive past unload; fetch can, and
    // unlike sendBeacon it carries the Authorization header.
    const res = await fetch(`${apiBaseUrl()}${url}`, {
      method,
      keepalive: true,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const envelope = (await res.json().catch(() => null)) as {
      status?: unknown;
      message?: unknown;
      data?: unknown;
    } | null;
    const message = typeof envelope?.message === 'string' ? envelope.message : undefined;
    if (!res.ok || envelope?.status !== true) {
      const failure: ApiFailure = { status: false, httpStatus: res.status, message };
      return failure;
    }
    return { status: true, message: message ?? '', data: envelope.data as never };
  } catch {
    return { status: false, network: true };
  }
}

/**
 * The typed entry of the shared client: one call per contract operation.
 * Path parameters, query and body are checked against `ApiOperations`, and
 * the data type comes from the contract, so a server schema change fails the
 * typecheck of every caller. Never throws; resolves to an ApiResult.
 *
 *   callOperation('GET /titles/{movieId}', { params: { movieId }, query: { country } })
 */
export function callOperation<K extends OperationKey>(
  op: K,
  ...[input]: OperationArgs<K>
): Promise<ApiResult<ApiData<K>>> {
  const { method } = splitOperation(op);
  const { params, query, body, form, kind, keepalive, signal, accessToken } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    kind?: CallKind;
    keepalive?: boolean;
    signal?: AbortSignal;
    accessToken?: string;
    form?: FormData;
  };
  let url: string;
  try {
    url = operationPath(op, params);
  } catch (err) {
    return Promise.resolve({ status: false, message: (err as Error).message });
  }
  if (keepalive) {
    const token = kind === 'guest' ? null : (accessToken ?? getAccessToken());
    return sendKeepalive(url + encodeQuery(query), method, body, token, signal);
  }
  return callApi<ApiData<K>>({
    method,
    url: url + encodeQuery(query),
    data: form ?? body,
    signal,
    ...(DEVICE_COOKIE_OPERATIONS.has(op) ? { withCredentials: true } : {}),
    kind: accessToken ? 'guest' : kind,
    headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined,
  });
}
