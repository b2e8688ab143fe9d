import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import { apiBaseUrl } from '../config/runtime-config';
import {
  endSession,
  getAccessToken,
  getRefreshToken,
  updateTokens,
} from '../session/session-actions';
import type { ApiFailure, ApiResult } from './envelope';
import { takeEarlyResponse } from './early-response';
import { connectionRetryDelay, isConnectionFailure } from './connection-retry';
import { applyKidsLockAnswer, getKidsLockToken, KIDS_LOCK_HEADER } from '../session/kids-lock';

/**
 * 'login' applies spec §8's login/social-login rules: a 403 hands status and
 * body back, a `status: false` hands the body back. 'guest' calls never carry a
 * token (spec §6 guest calls).
 */
export type CallKind = 'default' | 'login' | 'guest';

export interface CallOptions extends AxiosRequestConfig {
  kind?: CallKind;
}

interface Envelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
  errors?: unknown;
}

const REFRESH_PATH = '/auth/refresh-tokens';

let httpInstance: Promise<AxiosInstance> | null = null;

/**
 * The one HTTP client. No remote creates its own. axios is loaded on the first
 * call, not with the shell's first paint (it is ~20 KB gzip).
 */
export function getHttp(): Promise<AxiosInstance> {
  httpInstance ??= import(/* webpackChunkName: "http-client" */ 'axios').then(
    ({ default: axios }) => {
      const instance = axios.create({ timeout: 20_000, headers: { Accept: 'application/json' } });
      instance.interceptors.request.use((config) => {
        config.baseURL = apiBaseUrl();
        // The API answers (errors, genre and plan names, localised titles) in the UI's language:
        // the one the i18n runtime set on <html lang> (the pseudo-locale's base is English).
        const lang = uiRequestLanguage();
        if (lang && !config.headers.has('Accept-Language'))
          config.headers.set('Accept-Language', lang);
        // The device kids lock goes with every call, signed in or not (session/kids-lock.ts).
        const lock = getKidsLockToken();
        if (lock) config.headers.set(KIDS_LOCK_HEADER, lock);
        return config;
      });
      // Every answer may give the device a lock, or release it; errors too (a 403 keeps its lock).
      instance.interceptors.response.use(
        (res) => {
          applyKidsLockAnswer(res.headers?.['x-kids-lock']);
          return res;
        },
        (err: unknown) => {
          if (isAxiosError(err)) applyKidsLockAnswer(err.response?.headers?.['x-kids-lock']);
          return Promise.reject(err);
        },
      );
      return instance;
    },
  );
  return httpInstance;
}

const isAxiosError = (err: unknown): err is AxiosError<Envelope> =>
  typeof err === 'object' &&
  err !== null &&
  (err as { isAxiosError?: boolean }).isAxiosError === true;

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh for all concurrent 401s: the first caller starts it, the others
 * wait on the same promise, then every one retries once with the new token.
 * A failed refresh ends the session (the route set switches to logged-out).
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    endSession('expired');
    return Promise.resolve(false);
  }
  refreshing = getHttp()
    .then((http) => http.post<Envelope>(REFRESH_PATH, { refreshToken }))
    .then((res) => {
      const data = res.data?.data as { tokens?: { access?: string; refresh?: string } } | undefined;
      if (res.data?.status === true && data?.tokens?.access && data.tokens.refresh) {
        updateTokens({ access: data.tokens.access, refresh: data.tokens.refresh });
        return true;
      }
      endSession('expired');
      return false;
    })
    .catch((err: unknown) => {
      // A network failure is not a verdict on the refresh token: keep the session.
      if (isAxiosError(err) && !err.response) return false;
      endSession('expired');
      return false;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function toFailure(err: unknown, kind: CallKind): ApiFailure {
  if (!isAxiosError(err)) return { status: false, message: 'Unexpected error.' };
  const e = err;
  if (!e.response) return { status: false, network: true }; // bare failure (spec §8)
  const body = e.response.data;
  const httpStatus = e.response.status;
  // A load balancer's own error page (no envelope): the API was not reached, as with no answer at all.
  if (typeof body?.status !== 'boolean' && isConnectionFailure({ response: e.response }))
    return { status: false, network: true, httpStatus };
  const message = typeof body?.message === 'string' ? body.message : undefined;
  const fieldErrors =
    body?.errors && typeof body.errors === 'object'
      ? (body.errors as Record<string, string>)
      : undefined;
  if (kind === 'login' && (httpStatus === 403 || body?.status === false)) {
    return { status: false, httpStatus, body, message, fieldErrors };
  }
  const retryAfter = Number(e.response.headers?.['retry-after']);
  return {
    status: false,
    httpStatus,
    message,
    fieldErrors,
    ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}

/** Methods an early answer can stand for: reads (a home's POST /users/dashboard reads too). */
const EARLY_METHODS = new Set(['get', 'post']);

/** The Accept-Language a call sends: the UI's language on <html lang> (the pseudo-locale's base is English). */
function uiRequestLanguage(): string | undefined {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (!lang) return undefined;
  return lang === 'en-XA' ? 'en' : lang;
}

/**
 * A call the page's HTML already made (the same method, body and language) with the token this
 * call would send, or none (see early-response.ts). Only a success is taken: anything else (an error status, a refusal, no
 * answer) and the call is made as usual, so its failure is reported (or its 401 refreshed) the
 * usual way.
 */
async function earlyAnswer<T>(request: AxiosRequestConfig, kind: CallKind) {
  const method = (request.method ?? 'get').toLowerCase();
  if (!EARLY_METHODS.has(method) || kind === 'login' || typeof request.url !== 'string')
    return null;
  if (request.headers?.Authorization) return null;
  // The page's early requests carry no kids lock: a locked device asks the API itself.
  if (getKidsLockToken()) return null;
  const token = kind === 'guest' ? null : getAccessToken();
  const sent =
    request.data === undefined
      ? undefined
      : typeof request.data === 'string'
        ? request.data
        : JSON.stringify(request.data);
  const pending = takeEarlyResponse(apiBaseUrl() + request.url, token, {
    method,
    body: sent,
    lang: uiRequestLanguage(),
  });
  const got = pending ? await pending : null;
  const body = got?.body as Envelope | null | undefined;
  if (!got || got.status < 200 || got.status > 299 || body?.status !== true) return null;
  return success<T>(body);
}

/** The ApiResult of a success envelope. */
function success<T>(body: Envelope | undefined): ApiResult<T> {
  return {
    status: true,
    message: typeof body?.message === 'string' ? body.message : '',
    data: (body?.data ?? null) as T,
  };
}

/**
 * Make a call and get the envelope back as an ApiResult. Never throws.
 * @deprecated Untyped: use `callOperation`, keyed by the contract's operation. Exported only for
 * remote releases built before it; removed once no supported release imports it
 * (`npm run surface -- --check` lists them).
 */
export async function callApi<T>(config: CallOptions): Promise<ApiResult<T>> {
  const { kind = 'default', ...request } = config;
  const early = await earlyAnswer<T>(request, kind);
  if (early) return early;
  const http = await getHttp();
  const send = () => {
    const token = kind === 'guest' ? null : getAccessToken();
    const headers = { ...(request.headers ?? {}) } as Record<string, string>;
    if (token) headers.Authorization = `Bearer ${token}`;
    return http.request<Envelope>({ ...request, headers });
  };

  // One retry per call, after a short pause, when the API was not reached and the request is safe to
  // repeat (connection-retry.ts): an instance that died under a load balancer costs the viewer nothing.
  let retried = false;
  const sendOrRetry = async () => {
    try {
      return await send();
    } catch (err) {
      const delay =
        retried || !isAxiosError(err)
          ? null
          : connectionRetryDelay(request, {
              code: err.code,
              response: err.response && {
                status: err.response.status,
                data: err.response.data,
                headers: err.response.headers as Record<string, unknown>,
              },
            });
      if (delay === null || request.signal?.aborted) throw err;
      retried = true;
      await new Promise((resolve) => setTimeout(resolve, delay));
      return send();
    }
  };

  try {
    let res;
    try {
      res = await sendOrRetry();
    } catch (err) {
      const unauthorized =
        isAxiosError(err) && err.response?.status === 401 && kind === 'default' && getAccessToken();
      if (!unauthorized || request.url === REFRESH_PATH) throw err;
      const refreshed = await refreshSession();
      if (!refreshed) throw err;
      res = await sendOrRetry();
    }
    const body = res.data;
    if (body && body.status === false) {
      const failure: ApiFailure = {
        status: false,
        httpStatus: res.status,
        message: typeof body.message === 'string' ? body.message : undefined,
      };
      if (kind === 'login') failure.body = body;
      return failure;
    }
    return success<T>(body);
  } catch (err) {
    return toFailure(err, kind);
  }
}
