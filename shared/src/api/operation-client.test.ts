import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { getHttp } from './api-client';
import { callOperation, encodeQuery, operationPath } from './operation-client';
import { sessionStore, tokenAtom, refreshTokenAtom, userAtom } from '../session/session-atoms';
import { startSession } from '../session/session-actions';
import { setRuntimeConfig } from '../config/runtime-config';

const calls: InternalAxiosRequestConfig[] = [];
async function serve(status: number, data: unknown) {
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  (await getHttp()).defaults.adapter = adapter;
}

const ok = (data: unknown) => ({ status: true, message: 'ok', data });

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  sessionStore.set(tokenAtom, null);
  sessionStore.set(refreshTokenAtom, null);
  sessionStore.set(userAtom, null);
  setRuntimeConfig({ apiOrigin: 'http://api.test' });
});

describe('paths and queries', () => {
  it('fills and encodes path parameters', () => {
    expect(operationPath('GET /titles/{movieId}', { movieId: 'a b/c' })).toBe('/titles/a%20b%2Fc');
    expect(operationPath('POST /users/changePassword.{id}', { id: 'u1' })).toBe(
      '/users/changePassword.u1',
    );
  });

  it('refuses a missing path parameter instead of calling a wrong URL', async () => {
    await serve(200, ok(null));
    const r = await callOperation('GET /users/{id}', { params: { id: '' } });
    expect(r).toMatchObject({
      status: false,
      message: expect.stringMatching(/missing path parameter id/),
    });
    expect(calls).toHaveLength(0);
  });

  it('encodes the query, leaving out undefined and repeating arrays', () => {
    expect(encodeQuery({ q: 'a&b', page: 2, genre: undefined, ids: ['x', 'y'] })).toBe(
      '?q=a%26b&page=2&ids=x&ids=y',
    );
    expect(encodeQuery({ genre: undefined })).toBe('');
    expect(encodeQuery()).toBe('');
  });

  it('sends method, path, query and body of the operation, and infers the data', async () => {
    startSession({ access: 'A1', refresh: 'R1' }, { id: 'u1' });
    await serve(200, ok({ id: 't1', name: 'Film' }));
    const r = await callOperation('GET /titles/{movieId}', {
      params: { movieId: 't1' },
      query: { country: 'FR' },
    });
    expect(calls[0]).toMatchObject({ method: 'get', url: '/titles/t1?country=FR' });
    expect(calls[0]!.headers.Authorization).toBe('Bearer A1');
    expect(r.status && r.data.name).toBe('Film');

    await callOperation('POST /users/favourite/{id}', {
      params: { id: 'u1' },
      body: { titleId: 't1' },
    });
    expect(calls[1]).toMatchObject({ method: 'post', url: '/users/favourite/u1' });
    expect(JSON.parse(calls[1]!.data as string)).toEqual({ titleId: 't1' });
  });

  it('sends credentials (the device cookie) with the sign-in calls only', async () => {
    await serve(200, ok({}));
    await callOperation('POST /auth/login', {
      body: { email: 'a@b.c', password: 'p' },
      kind: 'login',
    });
    await callOperation('POST /auth/register/verify', { body: { signUpId: 's', code: '123456' } });
    await callOperation('GET /genres');
    expect(calls.map((c) => c.withCredentials === true)).toEqual([true, true, false]);
  });

  it('sends no token on a guest call, and the given token for a session not started yet', async () => {
    startSession({ access: 'A1', refresh: 'R1' }, { id: 'u1' });
    await serve(200, ok([]));
    await callOperation('GET /genres', { kind: 'guest' });
    await callOperation('POST /users/uploadGenre/{id}', {
      params: { id: 'u2' },
      body: { genres: ['g'] },
      accessToken: 'NEW',
    });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(calls[1]!.headers.Authorization).toBe('Bearer NEW');
  });

  it('sends a multipart form for an upload', async () => {
    await serve(200, ok({ avatarUrl: '/a.webp', user: { id: 'u1' } }));
    const form = new FormData();
    form.append('image', new Blob(['x']), 'a.png');
    await callOperation('POST /users/uploadImages', { form });
    expect(calls[0]).toMatchObject({ method: 'post', url: '/users/uploadImages' });
    expect(calls[0]!.data).toBe(form);
  });

  it('passes the abort signal through', async () => {
    await serve(200, ok([]));
    const controller = new AbortController();
    await callOperation('GET /genres', { signal: controller.signal });
    expect(calls[0]!.signal).toBe(controller.signal);
  });
});

describe('errors', () => {
  it('returns the server message and field errors, never throws', async () => {
    await serve(400, { status: false, message: 'Invalid', errors: { email: 'Enter an email' } });
    const r = await callOperation('POST /auth/forgot-password', { body: { email: 'x' } });
    expect(r).toEqual({
      status: false,
      httpStatus: 400,
      message: 'Invalid',
      fieldErrors: { email: 'Enter an email' },
    });
  });

  it('hands the body back on a refused login', async () => {
    const body = { status: false, message: 'Account disabled' };
    await serve(403, body);
    const r = await callOperation('POST /auth/login', {
      body: { email: 'a@b.co', password: 'pw' },
      kind: 'login',
    });
    expect(r).toMatchObject({ status: false, httpStatus: 403, body });
  });
});

describe('keepalive', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends through fetch keepalive with the bearer token and JSON body', async () => {
    startSession({ access: 'A1', refresh: 'R1' }, { id: 'u1' });
    const fetchMock = jest.fn(
      async (_url: string, _init: RequestInit) =>
        ({ ok: true, status: 200, json: async () => ok({ saved: true }) }) as Response,
    );
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const body = { position: 12, duration: 100 };
    const r = await callOperation('POST /titles/createLog/{id}', {
      params: { id: 't 1' },
      body,
      keepalive: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api.test/v1/titles/createLog/t%201');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify(body) });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer A1');
    expect(r.status).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('reports an HTTP error and a network failure as failures', async () => {
    globalThis.fetch = jest.fn(
      async () =>
        ({
          ok: false,
          status: 401,
          json: async () => ({ status: false, message: 'expired' }),
        }) as Response,
    ) as unknown as typeof fetch;
    await expect(
      callOperation('POST /log-report', { body: { message: 'x' } as never, keepalive: true }),
    ).resolves.toEqual({ status: false, httpStatus: 401, message: 'expired' });
    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(
      callOperation('POST /log-report', { body: { message: 'x' } as never, keepalive: true }),
    ).resolves.toEqual({ status: false, network: true });
  });
});
