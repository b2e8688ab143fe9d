import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, optionsFromEnv } from '../config';
import { parseTrustProxy } from '../production-checks';
import { buildTestApp, registerUser, type TestApp } from '../test/test-app';

const METRICS_TOKEN = 'metrics-token-long-enough';
const DEV_TOKEN = 'dev-routes-token-long-enough';

async function withApp(
  options: Parameters<typeof buildTestApp>[0],
  run: (t: TestApp) => Promise<void>,
): Promise<void> {
  const t = await buildTestApp(options);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY: only the configured proxies are believed', () => {
  // A client behind the proxy writes its own X-Forwarded-For; the proxy (127.0.0.1 here, the
  // socket) appends the address it saw. The limit must count that one, whatever the client wrote.
  const forgot = (t: TestApp, client: string, spoofed: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
      payload: { email: 'nobody@example.com' },
    });

  for (const [label, trustProxy] of [
    ['a number of hops (TRUST_PROXY=1)', 1],
    ['a list of addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)', ['127.0.0.1', '10.0.0.0/8']],
  ] as const) {
    test(`${label}: a spoofed X-Forwarded-For does not change the rate-limit key`, async () => {
      await withApp(
        { trustProxy: trustProxy as number | string[], rateLimit: { publicWrites: 2 } },
        async (t) => {
          expect((await forgot(t, '203.0.113.7', '198.51.100.1')).statusCode).not.toBe(429);
          expect((await forgot(t, '203.0.113.7', '198.51.100.2')).statusCode).not.toBe(429);
          // A third address made up by the same client: still counted as 203.0.113.7.
          expect((await forgot(t, '203.0.113.7', '198.51.100.3')).statusCode).toBe(429);
          // Another real client behind the same proxy has its own count.
          expect((await forgot(t, '203.0.113.8', '198.51.100.3')).statusCode).not.toBe(429);
        },
      );
    });
  }

  test('an address list believes nothing from a socket that is not a listed proxy', async () => {
    await withApp({ trustProxy: ['10.0.0.5'], rateLimit: { publicWrites: 1 } }, async (t) => {
      const direct = (spoofed: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/auth/forgot-password',
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': spoofed },
          payload: { email: 'nobody@example.com' },
        });
      expect((await direct('198.51.100.1')).statusCode).not.toBe(429);
      expect((await direct('198.51.100.2')).statusCode).toBe(429);
    });
  });

  test('the setting takes hops or addresses, never every hop', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('0')).toBeUndefined();
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(() => parseTrustProxy('true')).toThrow(/every X-Forwarded-For entry/);
    expect(() => parseTrustProxy('10.0.0.5,proxy.internal')).toThrow(
      /proxy.internal is neither a number of hops nor an IP address/,
    );
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(ConfigError);
    expect(optionsFromEnv({ DEV_ROUTES: '1', TRUST_PROXY: '1' }, '/tmp').trustProxy).toBe(1);
  });
});

describe('/metrics and the development routes behind a proxy', () => {
  test('/metrics: a proxied request needs the token, even one without forwarding headers', async () => {
    await withApp({ trustProxy: 1, metricsToken: METRICS_TOKEN }, async (t) => {
      // A proxy on this machine that adds no X-Forwarded-For: the socket is loopback all the same.
      const bare = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(bare.statusCode).toBe(403);
      expect(bare.body).not.toContain('streamflix_');
      const forwarded = await t.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forwarded.statusCode).toBe(403);
      const withToken = await t.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toContain('streamflix_http_requests_total');
    });
    await withApp({ trustProxy: ['127.0.0.1'] }, async (t) => {
      // No token configured: behind a proxy the endpoint exists for nobody.
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    });
    await withApp({}, async (t) => {
      // No proxy configured: this machine's own scraper still reads it without a token.
      expect((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(
        200,
      );
    });
  });

  test('/v1/dev/*: behind a proxy only with DEV_ROUTES_TOKEN', async () => {
    await withApp({ trustProxy: 1, devRoutesToken: DEV_TOKEN }, async (t) => {
      await registerUser(t.app);
      const bare = await t.app.inject({ url: '/v1/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(bare.statusCode).toBe(404);
      expect(bare.body).not.toContain('@example.com');
      const wrong = await t.app.inject({
        url: '/v1/dev/outbox',
        headers: { authorization: `Bearer ${DEV_TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(404);
      const right = await t.app.inject({
        url: '/v1/dev/outbox',
        remoteAddress: '198.51.100.4',
        headers: { authorization: `Bearer ${DEV_TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.json().data.messages.length).toBeGreaterThan(0);
    });
  });
});

describe('a deployment missing what keeps it safe does not start', () => {
  const smtp = { SMTP_URL: 'smtp://mail.example:587' };

  test('the local test gateway refuses production unless enabled', () => {
    expect(() => optionsFromEnv({ NODE_ENV: 'production', ...smtp }, '/tmp')).toThrow(
      /test payment gateway does not start in production.*4242/s,
    );
    expect(() =>
      optionsFromEnv({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: '1', ...smtp }, '/tmp'),
    ).not.toThrow();
    expect(() =>
      optionsFromEnv({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', ...smtp }, '/tmp'),
    ).not.toThrow();
    // Outside production (a staging run, npm start) the test gateway is what runs.
    expect(() => optionsFromEnv({ ...smtp }, '/tmp')).not.toThrow();
  });

  test('outside development, no mail transport is refused unless told to', () => {
    expect(() => optionsFromEnv({}, '/tmp')).toThrow(
      /No mail transport: without SMTP_URL every sign-up, verification and password-reset code is lost/,
    );
    expect(() => optionsFromEnv({ NODE_ENV: 'test' }, '/tmp')).toThrow(/No mail transport/);
    expect(() => optionsFromEnv({ ALLOW_NO_MAIL: '1' }, '/tmp')).not.toThrow();
    expect(() => optionsFromEnv(smtp, '/tmp')).not.toThrow();
    // npm start, the browser tests and CI: the local outbox (DEV_ROUTES=1) or development.
    expect(() => optionsFromEnv({ DEV_ROUTES: '1' }, '/tmp')).not.toThrow();
    expect(() => optionsFromEnv({ NODE_ENV: 'development' }, '/tmp')).not.toThrow();
  });

  test('the server process exits with the reason', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SMTP_URL: smtp.SMTP_URL },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /The API could not start: The local test payment gateway does not start in production/,
    );
  });
});
