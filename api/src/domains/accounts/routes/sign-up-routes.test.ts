import { postTo, registerUser, signUpCode, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const post = postTo(() => t.app);

const userCount = async (email: string) =>
  (await t.app.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

const outbox = async (email: string) => {
  await t.app.ctx.background.settled();
  const res = await t.app.inject({ url: `/v1/dev/outbox?email=${encodeURIComponent(email)}` });
  return res.json().data.messages as { kind: string; code: string | null }[];
};

describe('register (verify-first)', () => {
  test('the account exists only after the emailed code, which signs the viewer in', async () => {
    const started = await post('/auth/register', {
      name: 'Ada',
      email: 'Ada@Example.com',
      password: 'a long passphrase',
      country: 'fr',
    });
    expect(started.statusCode).toBe(202);
    const { signUpId } = started.json().data;
    expect(started.json()).toEqual({
      status: true,
      message: expect.stringContaining('ada@example.com'),
      data: { signUpId: expect.any(String), email: 'ada@example.com' },
    });
    expect(started.json().data).not.toHaveProperty('tokens');
    const code = await signUpCode(t.app, 'ada@example.com');
    expect(await userCount('ada@example.com')).toBe(0);
    expect(
      (await post('/auth/login', { email: 'ada@example.com', password: 'a long passphrase' }))
        .statusCode,
    ).toBe(401);

    const done = await post('/auth/register/verify', { signUpId, code });
    expect(done.statusCode).toBe(201);
    const body = done.json();
    expect(body.data.tokens.access).toMatch(/^ey/);
    expect(body.data.tokens.refresh).toBeTruthy();
    expect(body.data.user).toMatchObject({
      email: 'ada@example.com',
      country: 'FR',
      emailVerified: true,
      isPremium: false,
    });
    expect(body.data.user).not.toHaveProperty('password_hash');
    expect(await userCount('ada@example.com')).toBe(1);
    const login = await post('/auth/login', {
      email: 'ada@example.com',
      password: 'a long passphrase',
    });
    expect(login.statusCode).toBe(200);
    // Single use: the pending sign-up is gone.
    expect((await post('/auth/register/verify', { signUpId, code })).statusCode).toBe(400);
  });

  test('answers an existing address exactly as a new one, and only tells its owner', async () => {
    const owner = await registerUser(t.app);
    const fresh = `fresh-${Date.now()}@example.com`;
    const form = (email: string) => ({ name: 'Someone', email, password: 'another passphrase' });
    const existing = await post('/auth/register', form(owner.email.toUpperCase()));
    const created = await post('/auth/register', form(fresh));
    expect(existing.statusCode).toBe(202);
    expect(created.statusCode).toBe(existing.statusCode);
    const shape = (res: typeof existing, email: string) => {
      const b = res.json();
      return {
        ...b,
        message: b.message.replace(email, '<email>'),
        data: {
          ...b.data,
          email: b.data.email.replace(email, '<email>'),
          signUpId: b.data.signUpId.replace(/^su_[0-9a-f]{32}$/, '<id>'),
        },
      };
    };
    expect(shape(existing, owner.email)).toEqual(shape(created, fresh));
    expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(created.headers).sort());

    const ownerMail = await outbox(owner.email);
    expect(ownerMail[0]).toMatchObject({ kind: 'signup-attempt', code: null });
    expect(ownerMail.filter((m) => m.kind === 'sign-up-code')).toHaveLength(1); // their own sign-up
    expect((await outbox(fresh))[0]).toMatchObject({ kind: 'sign-up-code' });
    // Nothing changed for the owner: the other id leads nowhere, the password still works.
    const guess = await post('/auth/register/verify', {
      signUpId: existing.json().data.signUpId,
      code: '123456',
    });
    expect(guess.statusCode).toBe(400);
    expect(
      (await post('/auth/login', { email: owner.email, password: owner.password })).statusCode,
    ).toBe(200);
    expect(await userCount(owner.email)).toBe(1);
  });

  test('the answer does not wait for the lookup or the email', async () => {
    const owner = await registerUser(t.app);
    const send = t.app.mailer.send.bind(t.app.mailer);
    const spy = jest.spyOn(t.app.mailer, 'send').mockImplementation(async (m) => {
      await new Promise((r) => setTimeout(r, 400));
      return send(m);
    });
    try {
      for (const email of [owner.email, `timing-${Date.now()}@example.com`]) {
        const started = process.hrtime.bigint();
        const res = await post('/auth/register', {
          name: 'Timing',
          email,
          password: 'a long passphrase',
        });
        expect(res.statusCode).toBe(202);
        expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(350);
      }
      await t.app.ctx.background.settled();
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  test('a wrong code, an unknown id and an expired code get the same 400', async () => {
    const email = `wrong-${Date.now()}@example.com`;
    const started = await post('/auth/register', {
      name: 'W',
      email,
      password: 'a long passphrase',
    });
    const { signUpId } = started.json().data;
    const code = await signUpCode(t.app, email);
    const other = code === '000000' ? '111111' : '000000';
    const wrong = await post('/auth/register/verify', { signUpId, code: other });
    const unknown = await post('/auth/register/verify', { signUpId: 'su_nope', code });
    await t.app.ctx.db
      .updateTable('pending_sign_ups')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', signUpId)
      .execute();
    const expired = await post('/auth/register/verify', { signUpId, code });
    for (const res of [wrong, unknown, expired]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: false,
        message: expect.stringMatching(/^That code is wrong or has expired/),
        errors: { code: 'invalid' },
      });
    }
    expect(unknown.body).toBe(wrong.body);
    expect(expired.body).toBe(wrong.body);
    expect(await userCount(email)).toBe(0);
  });

  test('five wrong codes lock the sign-up, even for the right code', async () => {
    const email = `locked-${Date.now()}@example.com`;
    const { signUpId } = (
      await post('/auth/register', { name: 'L', email, password: 'a long passphrase' })
    ).json().data;
    const code = await signUpCode(t.app, email);
    const other = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/register/verify', { signUpId, code: other })).statusCode).toBe(400);
    expect((await post('/auth/register/verify', { signUpId, code })).statusCode).toBe(400);
    // A new code does not unlock it either.
    expect((await post('/auth/register/resend', { signUpId })).statusCode).toBe(202);
    expect((await outbox(email)).filter((m) => m.kind === 'sign-up-code')).toHaveLength(1);
    expect(await userCount(email)).toBe(0);
  });

  test('resend answers the same for any id, replaces the code and is limited', async () => {
    const email = `resend-${Date.now()}@example.com`;
    const { signUpId } = (
      await post('/auth/register', { name: 'R', email, password: 'a long passphrase' })
    ).json().data;
    const first = await signUpCode(t.app, email);
    const real = await post('/auth/register/resend', { signUpId });
    const ghost = await post('/auth/register/resend', { signUpId: 'su_ghost' });
    expect(real.statusCode).toBe(202);
    expect(ghost.body).toBe(real.body);
    const second = await signUpCode(t.app, email);
    if (second !== first)
      expect((await post('/auth/register/verify', { signUpId, code: first })).statusCode).toBe(400);
    expect((await post('/auth/register/verify', { signUpId, code: second })).statusCode).toBe(201);

    let last = real;
    for (let i = 0; i < 6 && last.statusCode !== 429; i++)
      last = await post('/auth/register/resend', { signUpId: 'su_flood' });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('validates the form field by field before anything else', async () => {
    const res = await post('/auth/register', {
      name: 'X',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(body.errors).toHaveProperty('email');
    expect(body.message).toMatch(/email/);
    const code = await post('/auth/register/verify', { signUpId: 'su_x', code: '12345' });
    expect(code.statusCode).toBe(400);
    expect(code.json().errors).toHaveProperty('code');
  });
});
