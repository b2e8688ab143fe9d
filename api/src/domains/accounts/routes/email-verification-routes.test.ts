import { bearer, latestCode, postTo, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp({ rateLimit: { accountFailures: 3, ipAttempts: 1000 } });

const post = postTo(() => t.app);

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
    const first = await latestCode(t.app, u.email);
    const wrong = await post(
      '/auth/verify-email',
      { code: first === '000000' ? '111111' : '000000' },
      bearer(u.tokens.access),
    );
    expect(wrong.statusCode).toBe(400);
    const resend = await post('/auth/send-verification-email', undefined, bearer(u.tokens.access));
    expect(resend.statusCode).toBe(200);
    const code = await latestCode(t.app, u.email);
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
      code: await latestCode(t.app, u.email),
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
