import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, optionsFromEnv, resolveConfig } from '../config';
import { buildTestApp, registerUser, type TestApp } from '../test/test-app';

/** Deployed mode: what a server gets when nobody set NODE_ENV=development. */
const deployed = {
  development: false,
  devRoutes: false,
  publicUrl: 'https://api.streamflix.example',
};

describe('finding 1: development routes', () => {
  test('are off in the default configuration, even for loopback clients', async () => {
    const t = await buildTestApp(deployed);
    try {
      const res = await t.app.inject({ url: '/v1/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().status).toBe(false);
    } finally {
      await t.close();
    }
    expect(optionsFromEnv({ SMTP_URL: 'smtp://mail.example' }, '/tmp').devRoutes).toBe(false);
    expect(optionsFromEnv({ NODE_ENV: 'development' }, '/tmp').devRoutes).toBe(false);
    expect(optionsFromEnv({ DEV_ROUTES: '1' }, '/tmp').devRoutes).toBe(true);
  });

  test('with DEV_ROUTES=1 answer loopback clients only, and nothing relayed by a proxy', async () => {
    const t = await buildTestApp({ ...deployed, devRoutes: true });
    try {
      await registerUser(t.app);
      const local = await t.app.inject({ url: '/v1/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(local.json().data.messages.length).toBeGreaterThan(0);
      const local6 = await t.app.inject({ url: '/v1/dev/outbox', remoteAddress: '::1' });
      expect(local6.statusCode).toBe(200);
      for (const remoteAddress of [
        '203.0.113.7',
        '10.0.0.2',
        '::ffff:192.168.1.4',
        '2001:db8::1',
      ]) {
        const res = await t.app.inject({ url: '/v1/dev/outbox', remoteAddress });
        expect({ remoteAddress, status: res.statusCode }).toEqual({ remoteAddress, status: 404 });
        expect(res.body).not.toContain('@example.com');
      }
      const proxied = await t.app.inject({
        url: '/v1/dev/outbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(proxied.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('finding 11: the Host header is not trusted', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'streamflix-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('outside development the server refuses to start without PUBLIC_URL', () => {
    expect(() => resolveConfig({ dataDir, jwtSecret: 'x' })).toThrow(ConfigError);
    expect(() => resolveConfig({ dataDir, jwtSecret: 'x' })).toThrow(/PUBLIC_URL is required/);
    expect(() =>
      resolveConfig({ dataDir, jwtSecret: 'x', publicUrl: 'javascript:alert(1)' }),
    ).toThrow(ConfigError);
    expect(
      resolveConfig({ dataDir, jwtSecret: 'x', publicUrl: 'https://api.example.com/' }).publicUrl,
    ).toBe('https://api.example.com');
    expect(resolveConfig({ dataDir, jwtSecret: 'x', development: true }).publicUrl).toBeUndefined();
  });

  test('absolute URLs in responses use PUBLIC_URL whatever Host a client sends', async () => {
    const t = await buildTestApp(deployed);
    try {
      const res = await t.app.inject({
        url: '/v1/titles/search',
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.json().data.results[0].posterUrl).toMatch(
        /^https:\/\/api\.streamflix\.example\/v1\/artwork\//,
      );
    } finally {
      await t.close();
    }
  });
});

describe('finding 12: CORS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ...deployed, corsOrigins: ['https://app.streamflix.example'] });
  });
  afterAll(() => t.close());

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/v1/genres',
      headers: { origin, 'access-control-request-method': 'GET' },
    });

  test('a deployment allows its configured origins only, not any localhost', async () => {
    expect(
      (await preflight('https://app.streamflix.example')).headers['access-control-allow-origin'],
    ).toBe('https://app.streamflix.example');
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:5173',
      'https://evil.example',
    ]) {
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  test('development allows any localhost port', async () => {
    const dev = await buildTestApp({ development: true });
    try {
      const res = await dev.app.inject({
        method: 'OPTIONS',
        url: '/v1/genres',
        headers: { origin: 'http://localhost:3001', 'access-control-request-method': 'GET' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    } finally {
      await dev.close();
    }
    expect(optionsFromEnv({ NODE_ENV: 'development' }, '/tmp').development).toBe(true);
    expect(optionsFromEnv({ SMTP_URL: 'smtp://mail.example' }, '/tmp').development).toBe(false);
  });
});
