import sharp from 'sharp';
import { bearer, callAs, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();
let a: Awaited<ReturnType<typeof registerUser>>;
let b: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  a = await registerUser(t.app);
  b = await registerUser(t.app);
});

const call = callAs(
  () => t.app,
  () => a.tokens.access,
);

describe('a user can only touch their own resources', () => {
  // Rows all have three cells: jest would pass `done` in place of a missing one.
  const routes = (id: string): Array<[string, string, unknown]> => [
    ['GET', `/users/${id}`, undefined],
    ['PATCH', `/users/${id}`, { name: 'Mallory' }],
    ['POST', `/users/changePassword/${id}`, { currentPassword: 'x', newPassword: 'yyyyyyyyyy' }],
    ['POST', `/users/changePassword.${id}`, { currentPassword: 'x', newPassword: 'yyyyyyyyyy' }],
    ['POST', `/users/uploadGenre/${id}`, { genres: ['action'] }],
    ['PUT', `/users/uploadGenre/${id}`, { genres: ['action'] }],
    ['PATCH', `/users/notificationSettings/${id}`, { push: false }],
    ['GET', `/users/favourite/${id}`, undefined],
    ['POST', `/users/favourite/${id}`, { titleId: 't-free' }],
    ['PATCH', `/users/favourite/${id}`, { titleId: 't-free' }],
    ['GET', `/notifications?user=${id}`, undefined],
    ['GET', `/users/subscription/manage?userId=${id}`, undefined],
  ];

  test.each(routes('B'))('%s %s: user A gets 403 on user B', async (method, url, payload) => {
    const res = await call(method, url.replace('B', b.user.id), payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(false);
  });

  test.each(routes('A'))('%s %s: a guest gets 401', async (method, url, payload) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/v1${url.replace('A', a.user.id)}`,
      payload: payload as object,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(false);
  });

  test("user B's profile was not changed by A", async () => {
    const res = await call('GET', `/users/${b.user.id}`, undefined, b.tokens.access);
    expect(res.json().data.name).not.toBe('Mallory');
  });
});

describe('profile', () => {
  test('read and update', async () => {
    const got = await call('GET', `/users/${a.user.id}`);
    expect(got.json().data).toMatchObject({
      id: a.user.id,
      email: a.email,
      notificationSettings: { push: true },
    });
    const res = await call('PATCH', `/users/${a.user.id}`, {
      name: '  Ada L ',
      country: 'fr',
      language: 'fr',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Ada L', country: 'FR', language: 'fr' });
  });

  test('an empty update or bad country is a 400', async () => {
    expect((await call('PATCH', `/users/${a.user.id}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/users/${a.user.id}`, { country: 'France' })).statusCode).toBe(
      400,
    );
  });

  test('genres: set with POST, replace with PUT, unknown genres refused', async () => {
    const set = await call('POST', `/users/uploadGenre/${a.user.id}`, {
      genres: ['action', 'Drama'],
    });
    expect(set.json().data.genres).toEqual(['g-action', 'g-drama']);
    const put = await call('PUT', `/users/uploadGenre/${a.user.id}`, { genres: ['g-comedy'] });
    expect(put.json().data.genres).toEqual(['g-comedy']);
    expect((await call('GET', `/users/${a.user.id}`)).json().data.genres).toEqual(['g-comedy']);
    const bad = await call('PUT', `/users/uploadGenre/${a.user.id}`, {
      genres: ["'; DROP TABLE users; --"],
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject('/v1/genres')).json().data).toHaveLength(3);
  });

  test('notification settings', async () => {
    const res = await call('PATCH', `/users/notificationSettings/${a.user.id}`, {
      newReleases: false,
      fcmToken: 'token-123',
    });
    expect(res.json().data).toMatchObject({ newReleases: false, push: true });
    expect(
      (await call('PATCH', `/users/notificationSettings/${a.user.id}`, { push: 'maybe' }))
        .statusCode,
    ).toBe(400);
  });

  test('avatar upload checks the content and serves the file', async () => {
    const png = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const boundary = '----streamflix';
    const form = (name: string, type: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const headers = {
      ...bearer(a.tokens.access),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    };
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/users/uploadImages',
      payload: form('me.png', 'image/png', png),
      headers,
    });
    expect(ok.statusCode).toBe(200);
    const served = await t.app.inject({ url: ok.json().data.avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const fake = await t.app.inject({
      method: 'POST',
      url: '/v1/users/uploadImages',
      payload: form('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
      headers,
    });
    expect(fake.statusCode).toBe(400);
    const big = await t.app.inject({
      method: 'POST',
      url: '/v1/users/uploadImages',
      payload: form('big.png', 'image/png', Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)])),
      headers,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().status).toBe(false);
  });
});

describe('change password', () => {
  test.each(['/users/changePassword/', '/users/changePassword.'])(
    '%s{id} changes it and signs out other sessions',
    async (path) => {
      const u = await registerUser(t.app);
      const other = (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: u.email, password: u.password },
        })
      ).json().data.tokens;
      const wrong = await call(
        'POST',
        `${path}${u.user.id}`,
        { currentPassword: 'not it at all', newPassword: 'new passphrase 1' },
        u.tokens.access,
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toHaveProperty('currentPassword');
      const ok = await call(
        'POST',
        `${path}${u.user.id}`,
        { currentPassword: u.password, newPassword: 'new passphrase 1' },
        u.tokens.access,
      );
      expect(ok.statusCode).toBe(200);
      expect(
        (await call('GET', `/users/${u.user.id}`, undefined, u.tokens.access)).statusCode,
      ).toBe(200);
      expect((await call('GET', `/users/${u.user.id}`, undefined, other.access)).statusCode).toBe(
        401,
      );
    },
  );
});

describe('my list', () => {
  test('add (idempotent), list, remove and toggle', async () => {
    const add = await call('POST', `/users/favourite/${a.user.id}`, { titleId: 't-series' });
    expect(add.json().data).toMatchObject({ inMyList: true, total: 1 });
    await call('POST', `/users/favourite/${a.user.id}`, { titleId: 't-series' });
    await call('POST', `/users/favourite/${a.user.id}`, { titleId: 't-free' });
    const list = await call('GET', `/users/favourite/${a.user.id}`);
    expect(list.json().data.titles.map((x: { id: string }) => x.id)).toEqual([
      't-free',
      't-series',
    ]);
    expect(
      (await t.app.inject({ url: '/v1/titles/t-free', headers: bearer(a.tokens.access) })).json()
        .data.inMyList,
    ).toBe(true);
    const removed = await call('PATCH', `/users/favourite/${a.user.id}`, { titleId: 't-free' });
    expect(removed.json().data).toMatchObject({ inMyList: false, total: 1 });
    const toggled = await call('PATCH', `/users/favourite/${a.user.id}`, {
      titleId: 't-free',
      action: 'toggle',
    });
    expect(toggled.json().data.inMyList).toBe(true);
    expect(
      (await call('POST', `/users/favourite/${a.user.id}`, { titleId: 'no-such-title' }))
        .statusCode,
    ).toBe(404);
  });
});
