import type { SocialIdentity } from '../services/social-login';
import {
  bearer,
  buildTestApp,
  postTo,
  registerUser,
  type TestApp,
  useTestApp,
} from '../../../test/test-app';

const t = useTestApp();

const post = postTo(() => t.app);

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
