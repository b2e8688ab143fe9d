import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, registerUser, signUpCode, type TestApp } from '../test/test-app';

/**
 * Lockout abuse behind one address (issue 26): people who share an address (an office, a campus,
 * carrier-grade NAT) must not be able to lock each other out. The owner's browser is recognised by
 * the signed device cookie it got at its last sign-in (OWASP "device cookies"), not by its address.
 */
const OFFICE = '203.0.113.50';

const login = (
  t: TestApp,
  email: string,
  password: string,
  remoteAddress: string,
  device?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, password },
    remoteAddress,
    ...(device ? { cookies: { sf_device: device } } : {}),
  });

const deviceCookie = (res: LightMyRequestResponse) =>
  (res.cookies as { name: string; value: string }[]).find((c) => c.name === 'sf_device');

describe('device cookies against lockout abuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: { accountFailures: 5, accountFailuresAllClients: 8, ipAttempts: 1000 },
    });
  });
  afterAll(() => t.close());

  test("a colleague's wrong passwords behind the same address lock the colleague, not the owner", async () => {
    const owner = await registerUser(t.app);
    const signedIn = await login(t, owner.email, owner.password, OFFICE);
    expect(signedIn.statusCode).toBe(200);
    const cookie = deviceCookie(signedIn)?.value;
    expect(cookie).toBeDefined();

    // Six wrong passwords from the desk next door: same address, no device cookie.
    const colleague = [];
    for (let i = 0; i < 6; i++)
      colleague.push((await login(t, owner.email, `wrong ${i}`, OFFICE)).statusCode);
    expect(colleague).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(t, owner.email, owner.password, OFFICE)).statusCode).toBe(429);

    // The owner's browser sends its device cookie and is let in.
    const back = await login(t, owner.email, owner.password, OFFICE, cookie);
    expect(back.statusCode).toBe(200);
    expect(deviceCookie(back)?.value).toEqual(expect.any(String));
  });

  test('the cookie is HttpOnly, SameSite=Strict, sent to the sign-in call only, and signed', async () => {
    const u = await registerUser(t.app);
    const res = await login(t, u.email, u.password, '198.51.100.1');
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^sf_device=[\w.~-]+;/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/v1\/auth\/login/);
    expect(header).toMatch(/; Max-Age=2592000/);
    // Plain http here; over https the cookie is Secure (below).
    expect(header).not.toMatch(/Secure/);
    // No account name or address in it: a nonce, a date and a signature.
    expect(header).not.toContain(u.email);
  });

  test("failures with a device cookie count against that device only, and the owner's wrong guesses lock only it", async () => {
    const u = await registerUser(t.app);
    const cookie = deviceCookie(await login(t, u.email, u.password, '198.51.100.2'))!.value;
    for (let i = 0; i < 5; i++)
      expect((await login(t, u.email, `typo ${i}`, '198.51.100.2', cookie)).statusCode).toBe(401);
    const locked = await login(t, u.email, u.password, '198.51.100.2', cookie);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The untrusted pool of the account is untouched: a browser without the cookie still signs in.
    expect((await login(t, u.email, u.password, '198.51.100.3')).statusCode).toBe(200);
  });

  test("a tampered cookie, or one issued for another account, is an untrusted client's", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const cookieOfA = deviceCookie(await login(t, a.email, a.password, OFFICE))!.value;
    const [nonce, issued, signature] = cookieOfA.split('.');
    const tampered = `${nonce}x.${issued}.${signature}`;
    for (const cookie of [cookieOfA, tampered, 'garbage', '']) {
      const who = cookie === cookieOfA ? b : a;
      for (let i = 0; i < 5; i++) await login(t, who.email, `guess ${i}`, '192.0.2.10', cookie);
      expect((await login(t, who.email, who.password, '192.0.2.10', cookie)).statusCode).toBe(429);
      // The limiter's counter, as the accounts domain keys it (login-client:<email>|<address>).
      await t.app.ctx.rateLimits.delete(`login-client:${who.email}|192.0.2.10`);
    }
  });

  test('past the per-account ceiling only devices holding a cookie of the account get through', async () => {
    const u = await registerUser(t.app);
    const home = '198.51.100.30';
    const cookie = deviceCookie(await login(t, u.email, u.password, home))!.value;
    // A botnet: a few guesses from each of many addresses.
    for (let i = 0; i < 9; i++) await login(t, u.email, `botnet ${i}`, `203.0.113.${100 + i}`);
    expect((await login(t, u.email, u.password, '192.0.2.77')).statusCode).toBe(429);
    // An address is not a device: the same home address without the cookie is an untrusted client.
    expect((await login(t, u.email, u.password, home)).statusCode).toBe(429);
    expect((await login(t, u.email, u.password, '192.0.2.88', cookie)).statusCode).toBe(200);
  });

  test('the browser that creates an account is its first trusted device', async () => {
    const email = `new-${Date.now()}@example.com`;
    const password = 'correct horse battery staple';
    const started = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name: 'New', email, password },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register/verify',
      payload: { signUpId: started.json().data.signUpId, code: await signUpCode(t.app, email) },
      remoteAddress: OFFICE,
    });
    expect(verified.statusCode).toBe(201);
    const cookie = deviceCookie(verified)!.value;
    for (let i = 0; i < 5; i++) await login(t, email, `colleague ${i}`, OFFICE);
    expect((await login(t, email, password, OFFICE)).statusCode).toBe(429);
    expect((await login(t, email, password, OFFICE, cookie)).statusCode).toBe(200);
  });

  test('a browser keeps one cookie for each of the last few accounts it signed in to', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const first = deviceCookie(await login(t, a.email, a.password, '198.51.100.40'))!.value;
    const both = deviceCookie(await login(t, b.email, b.password, '198.51.100.40', first))!.value;
    for (let i = 0; i < 5; i++) await login(t, a.email, `guess ${i}`, '198.51.100.40');
    expect((await login(t, a.email, a.password, '198.51.100.40')).statusCode).toBe(429);
    expect((await login(t, a.email, a.password, '198.51.100.40', both)).statusCode).toBe(200);
  });
});

describe('over https, and across origins', () => {
  test('the cookie is Secure when the request came over https', async () => {
    const t = await buildTestApp({ trustProxy: 1, devRoutesToken: 'dev-routes-token-for-tests' });
    try {
      const u = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: u.email, password: u.password },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await t.close();
    }
  });

  test('credentials are allowed for the sign-in calls of allowed origins only, never with *', async () => {
    const t = await buildTestApp({
      development: false,
      devRoutes: false,
      publicUrl: 'https://api.streamflix.example',
      corsOrigins: ['https://app.streamflix.example'],
    });
    try {
      const preflight = (url: string, origin: string) =>
        t.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
      const app = 'https://app.streamflix.example';
      for (const url of ['/v1/auth/login', '/v1/auth/register/verify']) {
        const res = await preflight(url, app);
        expect(res.headers['access-control-allow-origin']).toBe(app);
        expect(res.headers['access-control-allow-credentials']).toBe('true');
      }
      const other = await preflight('/v1/genres', app);
      expect(other.headers['access-control-allow-origin']).toBe(app);
      expect(other.headers['access-control-allow-credentials']).toBeUndefined();
      const evil = await preflight('/v1/auth/login', 'https://evil.example');
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
