import { SignJWT } from 'jose';
import type { SocialIdentity } from '../services/social-login';
import { bearer, buildTestApp, registerUser, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimit: { accountFailures: 3, ipAttempts: 1000 } });
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/v1${url}`, payload: payload as object, headers });

async function latestCode(email: string): Promise<string> {
  await t.app.ctx.background.settled();
  const res = await t.app.inject({ url: `/v1/dev/outbox?email=${encodeURIComponent(email)}` });
  return res.json().data.messages[0].code as string;
}

describe('login', () => {
  test('returns tokens and the user', async () => {
    const u = await registerUser(t.app);
    const res = await post('/auth/login', { email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      tokens: { access: expect.any(String), refresh: expect.any(String) },
      user: { id: u.user.id },
    });
  });

  test('one message for a wrong password and for an unknown account', async () => {
    const u = await registerUser(t.app);
    const wrong = await post('/auth/login', { email: u.email, password: 'wrong password!' });
    const unknown = await post('/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: false, message: 'Email or password is incorrect.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  test('rate-limits failures per account with 429 and Retry-After', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 3; i++)
      expect(
        (await post('/auth/login', { email: u.email, password: `wrong-${i}-guess` })).statusCode,
      ).toBe(401);
    const limited = await post('/auth/login', { email: u.email, password: u.password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().status).toBe(false);
  });

  test('rate-limits attempts per address', async () => {
    const limited = await buildTestApp({ rateLimit: { accountFailures: 100, ipAttempts: 2 } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) {
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/v1/auth/login',
              payload: { email: `x${i}@example.com`, password: 'whatever123' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  test('a disabled account gets 403 with status false', async () => {
    const u = await registerUser(t.app);
    await t.app.ctx.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', u.user.id)
      .execute();
    const res = await post('/auth/login', { email: u.email, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: false,
      message: expect.stringContaining('disabled'),
    });
    // Its existing tokens stop working too.
    expect(
      (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(u.tokens.access) }))
        .statusCode,
    ).toBe(403);
  });

  test('malformed JSON is a 400 envelope, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: '{"email": "a@b.c", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: 'The request body is not valid JSON.' });
  });

  test('wrong types are a 400 with per-field errors', async () => {
    const res = await post('/auth/login', { email: ['a@b.c'], password: { $ne: null } });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
    expect(res.json().errors).toBeDefined();
  });
});

describe('access tokens', () => {
  test('tampered, wrongly signed and alg=none tokens are refused with 401', async () => {
    const u = await registerUser(t.app);
    const [h, p, s] = u.tokens.access.split('.');
    const tampered = `${h}.${p}x.${s}`;
    const forged = await new SignJWT({ sid: 'ses_x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.user.id)
      .setIssuer('streamflix-api')
      .setAudience('streamflix-web')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not the secret'));
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const token of [tampered, forged, none, 'garbage']) {
      const res = await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(false);
    }
  });

  test('an expired token is refused with a clear message', async () => {
    const short = await buildTestApp({ accessTokenTtlSeconds: 1 });
    try {
      const u = await registerUser(short.app);
      await new Promise((r) => setTimeout(r, 2100));
      const res = await short.app.inject({
        url: `/v1/users/${u.user.id}`,
        headers: bearer(u.tokens.access),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/expired/);
    } finally {
      await short.close();
    }
  });
});

describe('refresh token rotation', () => {
  test('each refresh returns a new pair; reusing an old refresh token revokes the whole family', async () => {
    const u = await registerUser(t.app);
    const first = await post('/auth/refresh-tokens', { refreshToken: u.tokens.refresh });
    expect(first.statusCode).toBe(200);
    const pair1 = first.json().data.tokens;
    expect(pair1.refresh).not.toBe(u.tokens.refresh);
    expect(
      (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(pair1.access) }))
        .statusCode,
    ).toBe(200);

    const second = await post('/auth/refresh-tokens', { refreshToken: pair1.refresh });
    const pair2 = second.json().data.tokens;

    // The original token is replayed (stolen copy): 401, and the legitimate newest pair dies too.
    const replay = await post('/auth/refresh-tokens', { refreshToken: u.tokens.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().status).toBe(false);
    expect((await post('/auth/refresh-tokens', { refreshToken: pair2.refresh })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(pair2.access) }))
        .statusCode,
    ).toBe(401);
  });

  test('an unknown refresh token is 401', async () => {
    const res = await post('/auth/refresh-tokens', { refreshToken: 'ses_nope.0123456789abcdef' });
    expect(res.statusCode).toBe(401);
  });
});

describe('logout', () => {
  test('ends this session only', async () => {
    const u = await registerUser(t.app);
    const other = (await post('/auth/login', { email: u.email, password: u.password })).json().data
      .tokens;
    const res = await post(
      '/auth/logout',
      { refreshToken: u.tokens.refresh },
      bearer(u.tokens.access),
    );
    expect(res.json()).toMatchObject({ status: true });
    expect(
      (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(u.tokens.access) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/auth/refresh-tokens', { refreshToken: u.tokens.refresh })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(other.access) }))
        .statusCode,
    ).toBe(200);
  });

  test('works with only the refresh token (expired access token)', async () => {
    const u = await registerUser(t.app);
    const res = await post(
      '/auth/logout',
      { refreshToken: u.tokens.refresh },
      bearer('expired.or.garbage'),
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(u.tokens.access) }))
        .statusCode,
    ).toBe(401);
  });

  test('logout-all refuses every earlier access token at once', async () => {
    const u = await registerUser(t.app);
    const second = (await post('/auth/login', { email: u.email, password: u.password })).json().data
      .tokens;
    const res = await post('/auth/logout-all', undefined, bearer(u.tokens.access));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sessionsEnded).toBe(2);
    for (const token of [u.tokens.access, second.access]) {
      expect(
        (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
    expect((await post('/auth/refresh-tokens', { refreshToken: second.refresh })).statusCode).toBe(
      401,
    );
    // Signing in again still works.
    expect((await post('/auth/login', { email: u.email, password: u.password })).statusCode).toBe(
      200,
    );
  });

  test('logout-all needs a token', async () => {
    expect((await post('/auth/logout-all')).statusCode).toBe(401);
  });
});

describe('email verification', () => {
  // Sign-up verifies the address with its code; accounts from before (and social accounts
  // whose provider did not vouch for the email) can still be unverified.
  async function unverifiedUser() {
    const u = await registerUser(t.app);
    await t.app.ctx.db
      .updateTable('users')
      .set({ email_verified_at: null })
      .where('id', '=', u.user.id)
      .execute();
    return u;
  }

  test('verifies with the emailed code; wrong codes fail', async () => {
    const u = await unverifiedUser();
    const sent = await post('/auth/send-verification-email', undefined, bearer(u.tokens.access));
    expect(sent.statusCode).toBe(200);
    const first = await latestCode(u.email);
    const wrong = await post(
      '/auth/verify-email',
      { code: first === '000000' ? '111111' : '000000' },
      bearer(u.tokens.access),
    );
    expect(wrong.statusCode).toBe(400);
    const resend = await post('/auth/send-verification-email', undefined, bearer(u.tokens.access));
    expect(resend.statusCode).toBe(200);
    const code = await latestCode(u.email);
    const ok = await post('/auth/verify-email', { code }, bearer(u.tokens.access));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ emailVerified: true, user: { emailVerified: true } });
    expect((await post('/auth/verify-email', { code }, bearer(u.tokens.access))).statusCode).toBe(
      400,
    ); // single use
    const again = await post('/auth/send-verification-email', undefined, bearer(u.tokens.access));
    expect(again.json().message).toMatch(/already verified/);
  });

  test('signed out, the email identifies the account', async () => {
    const u = await unverifiedUser();
    await post('/auth/send-verification-email', undefined, bearer(u.tokens.access));
    const res = await post('/auth/verify-email', {
      code: await latestCode(u.email),
      email: u.email,
    });
    expect(res.statusCode).toBe(200);
  });

  test('a code must be six digits', async () => {
    const res = await post('/auth/verify-email', { code: "1' OR 1=1 --", email: 'a@b.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('code');
  });
});

describe('password reset', () => {
  test('emails a code, resets the password and signs out everywhere', async () => {
    const u = await registerUser(t.app);
    const asked = await post('/auth/forgot-password', { email: u.email });
    expect(asked.json().message).toMatch(/If an account exists/);
    const code = await latestCode(u.email);
    const reset = await post('/auth/reset-password', {
      email: u.email,
      code,
      newPassword: 'a brand new passphrase',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/v1/users/${u.user.id}`, headers: bearer(u.tokens.access) }))
        .statusCode,
    ).toBe(401);
    expect((await post('/auth/login', { email: u.email, password: u.password })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/auth/login', { email: u.email, password: 'a brand new passphrase' }))
        .statusCode,
    ).toBe(200);
  });

  test('answers the same for unknown emails', async () => {
    const res = await post('/auth/forgot-password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/If an account exists/);
  });

  test('a wrong code does not reset', async () => {
    const u = await registerUser(t.app);
    await post('/auth/forgot-password', { email: u.email });
    const code = await latestCode(u.email);
    const res = await post('/auth/reset-password', {
      email: u.email,
      code: code === '123456' ? '654321' : '123456',
      newPassword: 'another passphrase',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('social login', () => {
  test('is clearly disabled when Firebase is not configured', async () => {
    const res = await post('/auth/socialLogin', {
      idToken: 'eyJhbGciOiJSUzI1NiJ9.e30.sig',
      provider: 'google',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: false,
      message: expect.stringContaining('Social login is not configured'),
    });
  });
});

describe('social login with a provider', () => {
  // A verifier standing in for Firebase: the ID token names the identity it vouches for.
  const identities = new Map<string, SocialIdentity>();
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp({
      social: {
        async verify(idToken) {
          const identity = identities.get(idToken);
          if (!identity) throw new Error('bad signature');
          return identity;
        },
      },
    });
  });
  afterAll(() => s.close());

  let n = 0;
  function providerToken(over: Partial<SocialIdentity> = {}): string {
    n += 1;
    const token = `id-token-${n}-${Date.now()}`;
    identities.set(token, {
      uid: `firebase-${n}`,
      email: `social${n}-${Date.now()}@example.com`,
      emailVerified: true,
      name: `Social ${n}`,
      picture: null,
      provider: 'google.com',
      ...over,
    });
    return token;
  }
  const social = (idToken: string, extra: object = {}) =>
    s.app.inject({
      method: 'POST',
      url: '/v1/auth/socialLogin',
      payload: { idToken, provider: 'google', ...extra },
    });
  const usersWithEmail = (email: string) =>
    s.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).execute();

  test('creates the account on first use and signs the same account in next time', async () => {
    const idToken = providerToken({ name: 'Grace Hopper' });
    const { email } = identities.get(idToken)!;
    const first = await social(idToken, { country: 'fr' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      tokens: { access: expect.stringMatching(/^ey/), refresh: expect.any(String) },
      user: { email, name: 'Grace Hopper', country: 'FR', emailVerified: true },
    });
    const again = await social(idToken);
    expect(again.json().data.user.id).toBe(first.json().data.user.id);
    expect(await usersWithEmail(email)).toHaveLength(1);
    // The access token works on the viewer's own routes.
    const me = await s.app.inject({
      url: `/v1/users/${first.json().data.user.id}`,
      headers: bearer(first.json().data.tokens.access),
    });
    expect(me.statusCode).toBe(200);
  });

  test('links to an existing password account when the provider has verified the email', async () => {
    const u = await registerUser(s.app);
    const res = await social(providerToken({ email: u.email.toUpperCase(), emailVerified: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: u.user.id, emailVerified: true });
    const [row] = await usersWithEmail(u.email);
    expect(row!.firebase_uid).toMatch(/^firebase-/);
    // The password still works after linking.
    const login = await s.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(200);
  });

  test('refuses to link an unverified provider email to an existing account', async () => {
    const u = await registerUser(s.app);
    const res = await social(providerToken({ email: u.email, emailVerified: false }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: false,
      message: expect.stringContaining('Sign in with your password'),
    });
    const [row] = await usersWithEmail(u.email);
    expect(row!.firebase_uid).toBeNull();
  });

  test('a disabled account is refused with 403 and is not linked', async () => {
    const u = await registerUser(s.app);
    await s.app.ctx.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', u.user.id)
      .execute();
    const res = await social(providerToken({ email: u.email }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: false,
      message: expect.stringContaining('disabled'),
    });
    const [row] = await usersWithEmail(u.email);
    expect(row!.firebase_uid).toBeNull();

    // A social-only account disabled later is refused too.
    const idToken = providerToken();
    const created = (await social(idToken)).json().data.user.id as string;
    await s.app.ctx.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', created)
      .execute();
    expect((await social(idToken)).statusCode).toBe(403);
  });

  test('a token the provider does not vouch for is a 401', async () => {
    const res = await social('forged-token-0000');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, message: expect.stringContaining('verify') });
  });
});
