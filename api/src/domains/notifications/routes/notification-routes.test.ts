import { bearer, callAs, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();
let a: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  a = await registerUser(t.app);
});

const call = callAs(
  () => t.app,
  () => a.tokens.access,
);

describe('notifications', () => {
  test('lists, marks read and reads all', async () => {
    const u = await registerUser(t.app);
    const list = await call('GET', `/notifications?user=${u.user.id}`, undefined, u.tokens.access);
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.notifications[0]).toMatchObject({ title: 'Welcome to StreamFlix', read: false });
    expect(data.unreadCount).toBe(1);
    const id = data.notifications[0].id;
    expect(
      (await call('PATCH', `/notifications/${id}/read`, undefined, a.tokens.access)).statusCode,
    ).toBe(404); // not A's
    expect(
      (await call('PATCH', `/notifications/${id}/read`, undefined, u.tokens.access)).json().data
        .read,
    ).toBe(true);
    expect(
      (await call('POST', '/notifications/read-all', undefined, u.tokens.access)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/notifications?user=${u.user.id}`, undefined, u.tokens.access)).json()
        .data.unreadCount,
    ).toBe(0);
  });
  // The event stream's own tests (tickets, revocation, cap): notification-stream.test.ts.
});

describe('the inbox', () => {
  const notify = (userId: string, title: string) =>
    t.app.notifier.notify(userId, { kind: 'recommendation', title, body: `${title} body` });
  const list = (u: { user: { id: string }; tokens: { access: string } }, query = '') =>
    call('GET', `/notifications?user=${u.user.id}${query}`, undefined, u.tokens.access);

  test('pages newest first, counts every unread one and can show only the unread', async () => {
    const u = await registerUser(t.app);
    // Apart in time: within one millisecond the order falls back to the (random) id.
    for (const title of ['First', 'Second', 'Third']) {
      await new Promise((r) => setTimeout(r, 5));
      await notify(u.user.id, title);
    }
    const page1 = (await list(u, '&limit=2')).json().data;
    expect(page1.notifications.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second']);
    expect(page1).toMatchObject({ page: 1, limit: 2, hasMore: true, unreadCount: 4 });
    expect(page1.push).toEqual({ fcm: false, streamUrl: '/v1/notifications/stream' });
    const page2 = (await list(u, '&limit=2&page=2')).json().data;
    expect(page2.notifications.map((n: { title: string }) => n.title)).toEqual([
      'First',
      'Welcome to StreamFlix',
    ]);
    expect(page2.hasMore).toBe(false);

    const third = page1.notifications[0].id;
    await call('PATCH', `/notifications/${third}/read`, undefined, u.tokens.access);
    const unread = (await list(u, '&unreadOnly=true')).json().data;
    expect(unread.unreadCount).toBe(3);
    expect(unread.notifications.map((n: { title: string }) => n.title)).not.toContain('Third');
    const all = (await list(u)).json().data.notifications;
    expect(all.find((n: { id: string }) => n.id === third).read).toBe(true);
  });

  test('read-all says how many it marked and a missing notification is a 404', async () => {
    const u = await registerUser(t.app);
    await notify(u.user.id, 'Hello');
    const res = await call('POST', '/notifications/read-all', undefined, u.tokens.access);
    expect(res.json().data).toEqual({ updated: 2 });
    expect(
      (await call('POST', '/notifications/read-all', undefined, u.tokens.access)).json().data,
    ).toEqual({ updated: 0 });
    const missing = await call('PATCH', '/notifications/nope/read', undefined, u.tokens.access);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().status).toBe(false);
  });
});

describe('push tokens', () => {
  const token = (n: number) => `fcm-token-${n}-${'x'.repeat(30)}`;
  const owner = async (value: string) =>
    (
      await t.app.ctx.db
        .selectFrom('push_tokens')
        .select('user_id')
        .where('token', '=', value)
        .executeTakeFirst()
    )?.user_id;

  test('a token is registered idempotently, moves to the account that registers it last, and only its owner removes it', async () => {
    const u = await registerUser(t.app);
    const v = await registerUser(t.app);
    const tk = token(Date.now());
    for (let i = 0; i < 2; i += 1) {
      const res = await call('PUT', '/notifications/push-token', { token: tk }, u.tokens.access);
      expect(res.json().data).toEqual({ registered: true });
    }
    expect(await owner(tk)).toBe(u.user.id);
    await call('PUT', '/notifications/push-token', { token: tk }, v.tokens.access);
    expect(await owner(tk)).toBe(v.user.id);
    const notMine = await call(
      'DELETE',
      '/notifications/push-token',
      { token: tk },
      u.tokens.access,
    );
    expect(notMine.json().data).toEqual({ removed: false });
    expect(await owner(tk)).toBe(v.user.id);
    const mine = await call('DELETE', '/notifications/push-token', { token: tk }, v.tokens.access);
    expect(mine.json().data).toEqual({ removed: true });
    expect(await owner(tk)).toBeUndefined();
  });

  test('a malformed token is a 400 and signing out forgets the session’s token', async () => {
    const u = await registerUser(t.app);
    const bad = await call('PUT', '/notifications/push-token', { token: 'short' }, u.tokens.access);
    expect(bad.statusCode).toBe(400);
    const tk = token(Date.now() + 1);
    await call('PUT', '/notifications/push-token', { token: tk }, u.tokens.access);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: u.tokens.refresh },
      headers: bearer(u.tokens.access),
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await owner(tk)).toBeUndefined();
  });
});
