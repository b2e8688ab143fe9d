import { dropFcmToken, syncFcmToken, type FcmTokenDeps } from './fcm-token';

function deps(over: Partial<FcmTokenDeps> & { initial?: string | null } = {}) {
  let stored = over.initial ?? null;
  const d = {
    getToken: jest.fn(async () => 'token-new'),
    stored: () => stored,
    store: jest.fn((t: string | null) => (stored = t)),
    register: jest.fn(async () => true),
    unregister: jest.fn(async () => undefined),
    log: jest.fn(),
    ...over,
  };
  return { d, current: () => stored };
}

it('a first token is registered with the API, then stored as fcmToken', async () => {
  const { d, current } = deps();
  await expect(syncFcmToken(d)).resolves.toBe('token-new');
  expect(d.register).toHaveBeenCalledWith('token-new');
  expect(d.unregister).not.toHaveBeenCalled();
  expect(current()).toBe('token-new');
});

it('the same token is registered again (a new session) and nothing is removed', async () => {
  const { d } = deps({ initial: 'token-new' });
  await syncFcmToken(d);
  expect(d.register).toHaveBeenCalledWith('token-new');
  expect(d.unregister).not.toHaveBeenCalled();
});

it('a changed token replaces the old one on the API and in storage', async () => {
  const { d, current } = deps({ initial: 'token-old' });
  await syncFcmToken(d);
  expect(d.register).toHaveBeenCalledWith('token-new');
  expect(d.unregister).toHaveBeenCalledWith('token-old');
  expect(current()).toBe('token-new');
});

it('a failed token request is only logged (spec §8)', async () => {
  const { d, current } = deps({
    initial: 'token-old',
    getToken: jest.fn(async () => {
      throw new Error('messaging/permission-blocked');
    }),
  });
  await expect(syncFcmToken(d)).resolves.toBeNull();
  expect(d.log).toHaveBeenCalledWith('the push token request failed', expect.any(Error));
  expect(d.register).not.toHaveBeenCalled();
  expect(current()).toBe('token-old');
});

it('a token the API did not take is not stored, so the next start tries again', async () => {
  const { d, current } = deps({ register: jest.fn(async () => false) });
  await syncFcmToken(d);
  expect(current()).toBeNull();
});

it('logout forgets the stored token and unsubscribes the browser', async () => {
  const { d, current } = deps({ initial: 'token-new' });
  const deleteToken = jest.fn(async () => true);
  await dropFcmToken({ stored: d.stored, store: d.store, deleteToken });
  expect(current()).toBeNull();
  expect(deleteToken).toHaveBeenCalled();
  deleteToken.mockClear();
  await dropFcmToken({ stored: d.stored, store: d.store, deleteToken });
  expect(deleteToken).not.toHaveBeenCalled();
});
