import { bearer, latestCode, postTo, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp({ rateLimit: { accountFailures: 3, ipAttempts: 1000 } });

const post = postTo(() => t.app);

describe('password reset', () => {
  test('emails a code, resets the password and signs out everywhere', async () => {
    const u = await registerUser(t.app);
    const asked = await post('/auth/forgot-password', { email: u.email });
    expect(asked.json().message).toMatch(/If an account exists/);
    const code = await latestCode(t.app, u.email);
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
    const code = await latestCode(t.app, u.email);
    const res = await post('/auth/reset-password', {
      email: u.email,
      code: code === '123456' ? '654321' : '123456',
      newPassword: 'another passphrase',
    });
    expect(res.statusCode).toBe(400);
  });
});
