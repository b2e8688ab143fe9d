import { SignJWT } from 'jose';
import { bearer, buildTestApp, postTo, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp({ rateLimit: { accountFailures: 3, ipAttempts: 1000 } });

const post = postTo(() => t.app);

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
