import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { callApi, getHttp } from './api-client';
import { callOperation } from './operation-client';
import { failureMessage } from './envelope';
import {
  sessionStore,
  tokenAtom,
  refreshTokenAtom,
  userAtom,
  isLoggedInAtom,
} from '../session/session-atoms';
import { startSession } from '../session/session-actions';

const login = async (email: string, password: string) => {
  const r = await callOperation('POST /auth/login', { body: { email, password }, kind: 'login' });
  if (r.status) startSession(r.data.tokens, r.data.user);
  return r;
};
import { setRuntimeConfig } from '../config/runtime-config';

type Handler = (
  config: InternalAxiosRequestConfig,
) => { status: number; data?: unknown; headers?: Record<string, string> } | 'network';

const calls: InternalAxiosRequestConfig[] = [];
async function serve(handler: Handler) {
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    await new Promise((r) => setTimeout(r, 1));
    const result = handler(config);
    if (result === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response: AxiosResponse = {
      data: result.data,
      status: result.status,
      statusText: '',
      headers: result.headers ?? {},
      config,
    };
    if (result.status >= 400)
      throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  (await getHttp()).defaults.adapter = adapter;
}

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  sessionStore.set(tokenAtom, null);
  sessionStore.set(refreshTokenAtom, null);
  sessionStore.set(userAtom, null);
  setRuntimeConfig({ apiOrigin: 'http://api.test' });
});

describe('the envelope', () => {
  it('returns status true with data and message on success', async () => {
    await serve(() => ({ status: 200, data: { status: true, message: 'ok', data: { id: 1 } } }));
    await expect(callApi({ url: '/genres' })).resolves.toEqual({
      status: true,
      message: 'ok',
      data: { id: 1 },
    });
    expect(calls[0]!.baseURL).toBe('http://api.test/v1');
  });

  it('returns the message when the server says status false', async () => {
    await serve(() => ({ status: 200, data: { status: false, message: 'Nope' } }));
    const r = await callApi({ url: '/genres' });
    expect(r).toEqual({ status: false, httpStatus: 200, message: 'Nope' });
  });

  it('returns the message (not the body) for an HTTP error on an ordinary call', async () => {
    await serve(() => ({ status: 404, data: { status: false, message: 'Title not found' } }));
    const r = await callApi({ url: '/titles/x' });
    expect(r).toEqual({ status: false, httpStatus: 404, message: 'Title not found' });
    expect('body' in r).toBe(false);
  });

  it('returns a bare failure on network failure', async () => {
    await serve(() => 'network');
    const r = await callApi({ url: '/genres' });
    expect(r).toEqual({ status: false, network: true });
    expect(r.status === false && failureMessage(r)).toMatch(/offline/i);
    expect(calls).toHaveLength(2);
  });

  it('says when a 503 expects to answer (Retry-After), and nothing for a missing or bad value', async () => {
    await serve(() => ({
      status: 503,
      data: { status: false, message: 'Preparing.' },
      headers: { 'retry-after': '30' },
    }));
    await expect(callApi({ url: '/playback/t-1' })).resolves.toMatchObject({
      httpStatus: 503,
      retryAfterSeconds: 30,
    });
    await serve(() => ({ status: 503, data: {}, headers: { 'retry-after': 'soon' } }));
    expect(await callApi({ url: '/playback/t-1' })).not.toHaveProperty('retryAfterSeconds');
  });

  it('keeps field errors from a validation failure', async () => {
    await serve(() => ({
      status: 400,
      data: { status: false, message: 'Invalid', errors: { email: 'Enter an email' } },
    }));
    const r = await callApi({ url: '/auth/register', method: 'POST' });
    expect(r.status === false && r.fieldErrors).toEqual({ email: 'Enter an email' });
  });
});

describe('one retry when the API was not reached', () => {
  const ok = { status: 200, data: { status: true, message: 'ok', data: 'second' } };
  /** The first attempt fails as given; the rest succeed. */
  const failOnce = (first: ReturnType<Handler>) => {
    let n = 0;
    return serve(() => (n++ === 0 ? first : ok));
  };

  it('retries a GET once after a network failure or a proxy 502, and reports the second answer', async () => {
    await failOnce('network');
    await expect(callApi({ url: '/genres' })).resolves.toMatchObject({
      status: true,
      data: 'second',
    });
    expect(calls).toHaveLength(2);
    calls.length = 0;
    await failOnce({ status: 502, data: 'upstream failed' });
    await expect(callApi({ url: '/genres', method: 'DELETE' })).resolves.toMatchObject({
      status: true,
    });
    expect(calls).toHaveLength(2);
  });

  it('retries a POST that carries an idempotency key, with the same key', async () => {
    await failOnce('network');
    const body = { planId: 'basic-monthly', idempotencyKey: 'attempt-12345678' };
    await expect(
      callApi({ url: '/payments/checkout', method: 'POST', data: body }),
    ).resolves.toMatchObject({ status: true });
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[1]!.data as string)).toEqual(body);
  });

  it('never retries a write without a key, and says clearly that Streamflix could not be reached', async () => {
    await failOnce('network');
    const r = await callApi({ url: '/favourites', method: 'POST', data: { titleId: 't-1' } });
    expect(r).toEqual({ status: false, network: true });
    expect(calls).toHaveLength(1);
    expect(r.status === false && failureMessage(r)).toMatch(/can't reach streamflix/i);
  });

  it("retries only once: a second failure is the caller's, a proxy error page as a network failure", async () => {
    await serve(() => ({ status: 504, data: '<html>Gateway Timeout</html>' }));
    const r = await callApi({ url: '/genres' });
    expect(r).toEqual({ status: false, network: true, httpStatus: 504 });
    expect(calls).toHaveLength(2);
  });

  it("does not retry the API's own answers, nor a 503 that asks for a long wait", async () => {
    await serve(() => ({
      status: 502,
      data: { status: false, message: 'The bank did not answer.' },
    }));
    await expect(callApi({ url: '/genres' })).resolves.toMatchObject({ httpStatus: 502 });
    await serve(() => ({ status: 500, data: { status: false, message: 'Broken.' } }));
    await callApi({ url: '/genres' });
    await serve(() => ({
      status: 503,
      data: { status: false, message: 'Busy.' },
      headers: { 'retry-after': '120' },
    }));
    await expect(callApi({ url: '/genres' })).resolves.toMatchObject({ retryAfterSeconds: 120 });
    expect(calls).toHaveLength(3);
  });

  it("waits for a short 503's Retry-After before the retry", async () => {
    await failOnce({ status: 503, data: { status: false }, headers: { 'retry-after': '1' } });
    const started = Date.now();
    await expect(callApi({ url: '/genres' })).resolves.toMatchObject({ status: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});

describe('login rules (spec §8)', () => {
  it('hands back HTTP status and body on a 403', async () => {
    const body = { status: false, message: 'Account disabled', code: 'disabled' };
    await serve(() => ({ status: 403, data: body }));
    const r = await login('a@b.co', 'pw');
    expect(r).toMatchObject({ status: false, httpStatus: 403, body });
    expect(sessionStore.get(isLoggedInAtom)).toBe(false);
  });

  it('hands back the body when status is false', async () => {
    const body = { status: false, message: 'Email or password is incorrect' };
    await serve(() => ({ status: 200, data: body }));
    const r = await login('a@b.co', 'pw');
    expect(r).toMatchObject({ status: false, body });
  });

  it('stores the token object, refresh token and user on success and switches the session', async () => {
    await serve(() => ({
      status: 200,
      data: {
        status: true,
        message: 'ok',
        data: { tokens: { access: 'A1', refresh: 'R1' }, user: { id: 'u1', email: 'a@b.co' } },
      },
    }));
    await login('a@b.co', 'pw');
    expect(JSON.parse(localStorage.getItem('token')!)).toEqual({ token: 'A1' });
    expect(localStorage.getItem('refreshToken')).toBe('R1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 'u1' });
    expect(sessionStore.get(isLoggedInAtom)).toBe(true);
  });
});

describe('bearer token and refresh on 401', () => {
  it('sends the stored bearer token, and none on guest calls', async () => {
    startSession({ access: 'A1', refresh: 'R1' }, { id: 'u1' });
    await serve(() => ({ status: 200, data: { status: true, message: '', data: null } }));
    await callApi({ url: '/users/u1' });
    await callApi({ url: '/titles/search', kind: 'guest' });
    expect(calls[0]!.headers.Authorization).toBe('Bearer A1');
    expect(calls[1]!.headers.Authorization).toBeUndefined();
  });

  it('refreshes once for all concurrent 401s, then retries each with the new token', async () => {
    startSession({ access: 'OLD', refresh: 'R1' }, { id: 'u1' });
    let refreshes = 0;
    await serve((config) => {
      if (config.url === '/auth/refresh-tokens') {
        refreshes += 1;
        return {
          status: 200,
          data: { status: true, message: '', data: { tokens: { access: 'NEW', refresh: 'R2' } } },
        };
      }
      return config.headers.Authorization === 'Bearer NEW'
        ? { status: 200, data: { status: true, message: '', data: config.url } }
        : { status: 401, data: { status: false, message: 'expired' } };
    });
    const results = await Promise.all(['/a', '/b', '/c'].map((url) => callApi<string>({ url })));
    expect(refreshes).toBe(1);
    expect(results.map((r) => r.status && r.data)).toEqual(['/a', '/b', '/c']);
    expect(localStorage.getItem('refreshToken')).toBe('R2');
  });

  it('ends the session when the refresh is refused', async () => {
    startSession({ access: 'OLD', refresh: 'R1' }, { id: 'u1' });
    await serve((config) =>
      config.url === '/auth/refresh-tokens'
        ? { status: 401, data: { status: false, message: 'revoked' } }
        : { status: 401, data: { status: false, message: 'expired' } },
    );
    const r = await callApi({ url: '/users/u1' });
    expect(r.status).toBe(false);
    expect(sessionStore.get(isLoggedInAtom)).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe("a guest's first-screen call the page's HTML already made", () => {
  const early = (url: string, answer: unknown, at = Date.now()) => {
    (globalThis as { __sfEarlyData?: Record<string, unknown> }).__sfEarlyData = {
      [url]: { at, answer: Promise.resolve(answer) },
    };
  };
  const ok = { status: 200, body: { status: true, message: 'The title', data: { id: 't-1' } } };
  afterEach(() => delete (globalThis as { __sfEarlyData?: unknown }).__sfEarlyData);

  it('takes the early answer once, without a request; the next call is made as usual', async () => {
    await serve(() => ({ status: 200, data: { status: true, message: 'fresh', data: { id: 2 } } }));
    early('http://api.test/v1/titles/t-1?country=US', ok);
    const first = await callOperation('GET /titles/{movieId}', {
      params: { movieId: 't-1' },
      query: { country: 'US' },
    });
    expect(first).toEqual({ status: true, message: 'The title', data: { id: 't-1' } });
    expect(calls).toHaveLength(0);
    const second = await callOperation('GET /titles/{movieId}', {
      params: { movieId: 't-1' },
      query: { country: 'US' },
    });
    expect(second).toEqual({ status: true, message: 'fresh', data: { id: 2 } });
    expect(calls).toHaveLength(1);
  });

  it('makes the call when the early answer is a failure, stale, for another URL or for a viewer with a session', async () => {
    await serve(() => ({ status: 404, data: { status: false, message: 'Title not found' } }));
    const get = () => callApi({ url: '/titles/t-1?country=US' });
    early('http://api.test/v1/titles/t-1?country=US', { status: 404, body: { status: false } });
    expect(await get()).toMatchObject({
      status: false,
      httpStatus: 404,
      message: 'Title not found',
    });
    early('http://api.test/v1/titles/t-1?country=US', null);
    expect(await get()).toMatchObject({ status: false, httpStatus: 404 });
    early('http://api.test/v1/titles/t-1?country=US', ok, Date.now() - 60_000);
    expect(await get()).toMatchObject({ status: false, httpStatus: 404 });
    early('http://api.test/v1/titles/t-1?country=GB', ok);
    expect(await get()).toMatchObject({ status: false, httpStatus: 404 });
    early('http://api.test/v1/titles/t-1?country=US', ok);
    sessionStore.set(tokenAtom, { token: 'access' });
    expect(await get()).toMatchObject({ status: false, httpStatus: 404 });
    expect(calls).toHaveLength(5);
    expect(calls[4]!.headers.Authorization).toBe('Bearer access');
  });

  it("a watch link's playback session, made by the HTML with this device's token: taken once, never for another token", async () => {
    await serve(() => ({ status: 200, data: { status: true, message: 'again', data: { n: 2 } } }));
    const url = 'http://api.test/v1/playback/t-1';
    const session = { status: 200, body: { status: true, message: 'Enjoy', data: { n: 1 } } };
    const withToken = (token: string | null) => {
      (globalThis as { __sfEarlyData?: Record<string, unknown> }).__sfEarlyData = {
        [url]: { at: Date.now(), token, answer: Promise.resolve(session) },
      };
    };
    sessionStore.set(tokenAtom, { token: 'access' });
    const play = () =>
      callOperation('GET /playback/{titleId}', { params: { titleId: 't-1' }, query: {} });
    withToken('access');
    expect(await play()).toEqual({ status: true, message: 'Enjoy', data: { n: 1 } });
    expect(calls).toHaveLength(0);
    // Another session's answer, or a tokenless one, is not this viewer's: the call is made.
    withToken('someone-else');
    expect(await play()).toMatchObject({ message: 'again' });
    withToken(null);
    expect(await play()).toMatchObject({ message: 'again' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.Authorization).toBe('Bearer access');
    // A guest takes a tokenless answer only.
    sessionStore.set(tokenAtom, null);
    withToken('access');
    expect(await play()).toMatchObject({ message: 'again' });
    withToken(null);
    expect(await play()).toMatchObject({ message: 'Enjoy' });
    expect(calls).toHaveLength(3);
  });

  it('stands only for the same method, body and language', async () => {
    await serve(() => ({ status: 200, data: { status: true, message: 'posted', data: null } }));
    // A GET's answer is never a POST's.
    early('http://api.test/v1/titles/search', ok);
    expect(await callApi({ url: '/titles/search', method: 'POST', data: {} })).toMatchObject({
      message: 'posted',
    });
    // A signed-in home's POST, as the HTML asked it: taken once with the same body and language.
    const url = 'http://api.test/v1/users/dashboard';
    const dashboard = { status: 200, body: { status: true, message: 'Home', data: { rails: [] } } };
    const posted = (body: string, lang?: string) => {
      (globalThis as { __sfEarlyData?: Record<string, unknown> }).__sfEarlyData = {
        [url]: { at: Date.now(), method: 'POST', body, lang, answer: Promise.resolve(dashboard) },
      };
    };
    const home = (data: object) => callApi({ url: '/users/dashboard', method: 'POST', data });
    document.documentElement.lang = 'fr';
    posted('{"country":"FR","userId":"u-1"}', 'fr');
    expect(await home({ country: 'FR', userId: 'u-1' })).toMatchObject({ message: 'Home' });
    expect(calls).toHaveLength(1);
    // Another body, or another language: asked again.
    posted('{"country":"US","userId":"u-1"}', 'fr');
    expect(await home({ country: 'FR', userId: 'u-1' })).toMatchObject({ message: 'posted' });
    posted('{"country":"FR","userId":"u-1"}', 'de');
    expect(await home({ country: 'FR', userId: 'u-1' })).toMatchObject({ message: 'posted' });
    expect(calls).toHaveLength(3);
    document.documentElement.lang = 'en';
  });
});

describe('the language', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
  });

  it('asks the API to answer in the UI language, the pseudo-locale as English', async () => {
    await serve(() => ({ status: 200, data: { status: true, message: 'ok', data: [] } }));
    document.documentElement.lang = 'ar';
    await callApi({ url: '/genres' });
    document.documentElement.lang = 'en-XA';
    await callApi({ url: '/genres' });
    await callApi({ url: '/genres', headers: { 'Accept-Language': 'ja' } });
    expect(calls.map((c) => c.headers.get('Accept-Language'))).toEqual(['ar', 'en', 'ja']);
  });
});
