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
