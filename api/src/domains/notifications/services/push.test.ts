import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bearer, buildTestApp, registerUser, type TestApp } from '../../../test/test-app';

// FCM cannot be reached from here: the Admin SDK is replaced, and what the API hands it is checked.
const sendEachForMulticast = jest.fn();
const initializeApp = jest.fn((options: unknown, name: string) => ({ name, options }));
jest.mock('firebase-admin/app', () => ({
  cert: (account: unknown) => ({ account }),
  initializeApp: (options: unknown, name: string) => initializeApp(options, name),
}));
jest.mock('firebase-admin/messaging', () => ({
  getMessaging: () => ({ sendEachForMulticast }),
}));

let t: TestApp;
beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fcm-')), 'service-account.json');
  writeFileSync(
    file,
    JSON.stringify({
      project_id: 'streamflix-test',
      client_email: 'push@streamflix-test.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nnot-a-real-key\n-----END PRIVATE KEY-----\n',
    }),
  );
  t = await buildTestApp({ fcmServiceAccountFile: file, appUrl: 'https://app.streamflix.test' });
});
afterAll(() => t.close());
beforeEach(() => sendEachForMulticast.mockReset());

const token = (n: string) => `fcm-token-${n}-${'x'.repeat(40)}`;
const register = (access: string, value: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/v1/notifications/push-token',
    headers: bearer(access),
    payload: { token: value },
  });
const tokensOf = (userId: string) =>
  t.app.ctx.db
    .selectFrom('push_tokens')
    .select('token')
    .where('user_id', '=', userId)
    .execute()
    .then((rows) => rows.map((r) => r.token).sort());
const settle = () => new Promise((r) => setTimeout(r, 20));

test('a notification goes to every registered browser through the Admin SDK, as a data message with the link', async () => {
  const u = await registerUser(t.app);
  expect((await register(u.tokens.access, token('a1'))).statusCode).toBe(200);
  expect((await register(u.tokens.access, token('a2'))).statusCode).toBe(200);
  sendEachForMulticast.mockResolvedValue({ responses: [{ success: true }, { success: true }] });
  await t.app.notifier.notify(u.user.id, {
    kind: 'new-release',
    title: 'New episode',
    body: 'S2E1 is out',
    link: '/title/t1',
  });
  await settle();
  expect(initializeApp).toHaveBeenCalledWith(
    { credential: { account: expect.objectContaining({ project_id: 'streamflix-test' }) } },
    'streamflix-push',
  );
  expect(sendEachForMulticast).toHaveBeenCalledTimes(1);
  const sent = sendEachForMulticast.mock.calls[0][0];
  expect(sent.tokens.sort()).toEqual([token('a1'), token('a2')]);
  expect(sent.notification).toBeUndefined();
  expect(sent.data).toMatchObject({ title: 'New episode', body: 'S2E1 is out', link: '/title/t1' });
  expect(sent.webpush.fcmOptions.link).toBe('https://app.streamflix.test/title/t1');
});

test('tokens FCM calls dead are forgotten; other failures keep the token', async () => {
  const u = await registerUser(t.app);
  await register(u.tokens.access, token('b1'));
  await register(u.tokens.access, token('b2'));
  sendEachForMulticast.mockImplementation(async ({ tokens }: { tokens: string[] }) => ({
    responses: tokens.map((tk) =>
      tk === token('b1')
        ? { success: false, error: { code: 'messaging/registration-token-not-registered' } }
        : { success: false, error: { code: 'messaging/internal-error' } },
    ),
  }));
  await t.app.notifier.notify(u.user.id, { kind: 'billing', title: 'Receipt', body: '' });
  await settle();
  expect(await tokensOf(u.user.id)).toEqual([token('b2')]);
});

test('a failing provider never fails the request that raised the notice', async () => {
  const u = await registerUser(t.app);
  await register(u.tokens.access, token('c1'));
  sendEachForMulticast.mockRejectedValue(new Error('network down'));
  await expect(
    t.app.notifier.notify(u.user.id, { kind: 'billing', title: 'Receipt', body: '' }),
  ).resolves.toBeUndefined();
  await settle();
  expect(await tokensOf(u.user.id)).toEqual([token('c1')]);
});

describe('the push-token route', () => {
  test('registering is idempotent; a token moves to the account that registers it last', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await register(a.tokens.access, token('d1'));
    await register(a.tokens.access, token('d1'));
    expect(await tokensOf(a.user.id)).toEqual([token('d1')]);
    await register(b.tokens.access, token('d1'));
    expect(await tokensOf(a.user.id)).toEqual([]);
    expect(await tokensOf(b.user.id)).toEqual([token('d1')]);
  });

  test('needs a session and a plausible token', async () => {
    const a = await registerUser(t.app);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/v1/notifications/push-token',
          payload: { token: token('e1') },
        })
      ).statusCode,
    ).toBe(401);
    expect((await register(a.tokens.access, 'short')).statusCode).toBe(400);
    expect((await register(a.tokens.access, `${token('e2')}<script>`)).statusCode).toBe(400);
  });

  test("a replaced token is removed; another account's token cannot be", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await register(a.tokens.access, token('f1'));
    const remove = (access: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/v1/notifications/push-token',
        headers: bearer(access),
        payload: { token: token('f1') },
      });
    expect((await remove(b.tokens.access)).json().data).toEqual({ removed: false });
    expect(await tokensOf(a.user.id)).toEqual([token('f1')]);
    expect((await remove(a.tokens.access)).json().data).toEqual({ removed: true });
    expect(await tokensOf(a.user.id)).toEqual([]);
  });

  test('logout removes the session’s token; logout-all removes every one', async () => {
    const u = await registerUser(t.app);
    const login = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: u.email, password: u.password },
        })
      ).json().data.tokens as { access: string; refresh: string };
    const second = await login();
    const third = await login();
    await register(u.tokens.access, token('g1'));
    await register(second.access, token('g2'));
    await register(third.access, token('g3'));
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: bearer(u.tokens.access),
      payload: { refreshToken: u.tokens.refresh },
    });
    expect(await tokensOf(u.user.id)).toEqual([token('g2'), token('g3')]);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout-all',
      headers: bearer(second.access),
    });
    expect(await tokensOf(u.user.id)).toEqual([]);
  });
});
