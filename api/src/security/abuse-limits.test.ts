import { isWeakPassword } from '../domains/accounts/services/password-policy';
import { buildTestApp, registerUser, type TestApp } from '../test/test-app';

const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, password },
    remoteAddress,
  });

describe('finding 7: nobody can lock the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: { accountFailures: 3, accountFailuresAllClients: 6, ipAttempts: 1000 },
    });
  });
  afterAll(() => t.close());

  test("a stranger's wrong passwords slow the stranger, not the owner on another device", async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 3; i++)
      expect((await login(t, u.email, `wrong guess ${i}`, '203.0.113.9')).statusCode).toBe(401);
    const stranger = await login(t, u.email, u.password, '203.0.113.9');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t, u.email, u.password, '198.51.100.20')).statusCode).toBe(200);
  });

  test('past the per-account ceiling a device that signed in before still gets through', async () => {
    const u = await registerUser(t.app);
    const home = '198.51.100.30';
    const signedIn = await login(t, u.email, u.password, home);
    expect(signedIn.statusCode).toBe(200);
    // The browser keeps its device cookie (device-cookies.test.ts); the address alone is no device.
    const device = signedIn.cookies.find((c) => c.name === 'sf_device')!.value;
    // A botnet: a few guesses from each of many addresses.
    for (let i = 0; i < 8; i++)
      await login(t, u.email, `botnet guess ${i}`, `203.0.113.${100 + i}`);
    expect((await login(t, u.email, u.password, '192.0.2.77')).statusCode).toBe(429);
    const back = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: u.email, password: u.password },
      remoteAddress: home,
      cookies: { sf_device: device },
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('finding 8: common and guessable passwords are refused', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  test.each([
    'password',
    '12345678',
    'aaaaaaaa',
    'Password1',
    'qwertyuiop',
    'iloveyou',
    'abcdefgh',
    '87654321',
    'abcabcabc',
  ])('sign-up refuses %p with a clear message on the password field', async (password) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { name: 'Weak', email: `weak-${password}@example.com`, password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      message: expect.stringMatching(/too easy to guess/),
      errors: { password: expect.any(String) },
    });
  });

  test('passwords built on the email or the service name are refused; passphrases pass', () => {
    expect(isWeakPassword('ada.lovelace1', { email: 'ada.lovelace@example.com' })).toBe(true);
    expect(isWeakPassword('streamflix2024')).toBe(true);
    expect(isWeakPassword('correct horse battery staple')).toBe(false);
    expect(isWeakPassword('Correct-horse-9')).toBe(false);
  });

  test('change and reset refuse them too', async () => {
    const u = await registerUser(t.app);
    const change = await t.app.inject({
      method: 'POST',
      url: `/v1/users/changePassword/${u.user.id}`,
      headers: { authorization: `Bearer ${u.tokens.access}` },
      payload: { currentPassword: u.password, newPassword: 'password1' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors).toHaveProperty('newPassword');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: u.email, code: '123456', newPassword: '11111111' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().errors).toHaveProperty('newPassword');
  });
});

describe('finding 9: enumeration and abuse', () => {
  test('forgot-password answers the same, as fast, for real and unknown accounts', async () => {
    const t = await buildTestApp({ rateLimit: { publicWrites: 1000 } });
    try {
      const u = await registerUser(t.app);
      const ask = async (email: string) => {
        const started = process.hrtime.bigint();
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/forgot-password',
          payload: { email },
        });
        return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
      };
      // The email is written after the answer: hold the mailer so the difference would show.
      const send = t.app.mailer.send.bind(t.app.mailer);
      const spy = jest.spyOn(t.app.mailer, 'send').mockImplementation(async (m) => {
        await new Promise((r) => setTimeout(r, 200));
        return send(m);
      });
      const real = await ask(u.email);
      const ghost = await ask('ghost-account@example.com');
      expect(real.res.statusCode).toBe(200);
      expect(real.res.body).toBe(ghost.res.body);
      expect(real.ms).toBeLessThan(150);
      await t.app.ctx.background.settled();
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      await t.close();
    }
  });

  test('a sign-up attempt for an existing address tells its owner by email', async () => {
    const t = await buildTestApp();
    try {
      const u = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/register',
        payload: { name: 'Someone', email: u.email, password: 'a different passphrase' },
      });
      // The same 202 a new address gets (sign-up-routes.test.ts compares the two).
      expect(res.statusCode).toBe(202);
      await t.app.ctx.background.settled();
      const outbox = await t.app.inject({
        url: `/v1/dev/outbox?email=${encodeURIComponent(u.email)}`,
      });
      expect(outbox.json().data.messages[0]).toMatchObject({
        kind: 'signup-attempt',
        subject: expect.stringMatching(/tried to create/),
      });
    } finally {
      await t.close();
    }
  });

  test.each([
    ['/v1/auth/register', { name: 'X', email: 'x@example.com', password: 'short' }],
    ['/v1/auth/forgot-password', { email: 'someone@example.com' }],
    ['/v1/log-report', { message: 'flood' }],
    ['/v1/cms/marketing', { type: 'subscribe', email: 'someone@example.com' }],
  ])('%s is limited per client with 429 and Retry-After', async (url, payload) => {
    const t = await buildTestApp({ rateLimit: { publicWrites: 3 } });
    try {
      const from = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url, payload, remoteAddress });
      for (let i = 0; i < 3; i++) expect((await from('203.0.113.5')).statusCode).not.toBe(429);
      const limited = await from('203.0.113.5');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await from('198.51.100.5')).statusCode).not.toBe(429);
    } finally {
      await t.close();
    }
  });
});
