import Fastify from 'fastify';
import { logSerializers, redactUrl } from '../../../lib/log-redaction';
import { MAX_STREAMS_PER_USER } from '../services/push';
import { bearer, latestCode, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp({ streamKeepAliveMs: 40 });

type Viewer = Awaited<ReturnType<typeof registerUser>>;

const within = <T>(p: Promise<T>, ms = 2000) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);

async function ticketFor(access: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/notifications/stream-ticket',
    headers: bearer(access),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.ticket as string;
}

/** An open stream: its text so far, and whether the server has ended it. */
async function openStream(access: string, lastEventId?: string) {
  const resume = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '';
  const res = await t.app.inject({
    url: `/v1/notifications/stream?ticket=${await ticketFor(access)}${resume}`,
    payloadAsStream: true,
  });
  expect(res.statusCode).toBe(200);
  const stream = res.stream();
  const state = { text: '', ended: false };
  const waiters = new Set<() => void>();
  const received = (text: string) =>
    within(
      new Promise<void>((resolve) => {
        const check = () => {
          if (!state.text.includes(text)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    );
  const ended = new Promise<void>((resolve) => {
    stream.on('data', (c: Buffer) => {
      state.text += c.toString();
      for (const check of [...waiters]) check();
    });
    stream.on('end', () => {
      state.ended = true;
      resolve();
    });
  });
  return { state, ended, received, destroy: () => stream.destroy() };
}

const notify = (viewer: Viewer, title: string) =>
  t.app.notifier.notify(viewer.user.id, { kind: 'account', title, body: 'body' });

describe('stream tickets', () => {
  test('the stream needs a ticket: no access token in the URL, no ticket, a bad ticket all get 401', async () => {
    const u = await registerUser(t.app);
    expect((await t.app.inject({ url: '/v1/notifications/stream' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/v1/notifications/stream?access_token=${u.tokens.access}` }))
        .statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: '/v1/notifications/stream?ticket=nope' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/notifications/stream-ticket' })).statusCode,
    ).toBe(401);
  });

  test('a ticket opens one stream, once', async () => {
    const u = await registerUser(t.app);
    const ticket = await ticketFor(u.tokens.access);
    const first = await t.app.inject({
      url: `/v1/notifications/stream?ticket=${ticket}`,
      payloadAsStream: true,
    });
    expect(first.statusCode).toBe(200);
    first.stream().destroy();
    const again = await t.app.inject({ url: `/v1/notifications/stream?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/works once/);
  });

  test('an expired ticket is refused', async () => {
    const u = await registerUser(t.app);
    const ticket = await ticketFor(u.tokens.access);
    await t.app.ctx.db
      .updateTable('stream_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(
      (await t.app.inject({ url: `/v1/notifications/stream?ticket=${ticket}` })).statusCode,
    ).toBe(401);
  });

  test("a ticket from a session revoked before it is used doesn't open a stream", async () => {
    const u = await registerUser(t.app);
    const ticket = await ticketFor(u.tokens.access);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: bearer(u.tokens.access),
      payload: { refreshToken: u.tokens.refresh },
    });
    expect(
      (await t.app.inject({ url: `/v1/notifications/stream?ticket=${ticket}` })).statusCode,
    ).toBe(401);
  });

  test('an open stream delivers new notifications', async () => {
    const u = await registerUser(t.app);
    const s = await openStream(u.tokens.access);
    await notify(u, 'New: Galaxy Quest Saga');
    await s.received('"title":"New: Galaxy Quest Saga"');
    s.destroy();
  });
});

describe('resuming after a drop', () => {
  /** The ids of the stream's events, in order, and which event each was. */
  const eventsOf = (text: string) =>
    [...text.matchAll(/id: (\S+)\nevent: (\w+)/g)].map((m) => `${m[2]} ${m[1]}`);

  test('every event has an id: ready carries the newest notification, each notification its own', async () => {
    const u = await registerUser(t.app);
    const newest = await t.app.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', u.user.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const s = await openStream(u.tokens.access);
    await s.received('event: ready');
    expect(s.state.text).toMatch(/^retry: 1000\n/);
    await notify(u, 'One');
    await s.received('"title":"One"');
    const [ready, one] = eventsOf(s.state.text);
    expect(ready).toBe(`ready ${newest?.id ?? 'start'}`);
    expect(one).toMatch(/^notification ntf_/);
    s.destroy();
  });

  test('a stream opened with the last event id replays, once and in order, what was raised since, then live ones', async () => {
    const u = await registerUser(t.app);
    const first = await openStream(u.tokens.access);
    await notify(u, 'Seen');
    await first.received('"title":"Seen"');
    const lastSeen = eventsOf(first.state.text).at(-1)!.split(' ')[1]!;
    first.destroy();
    await notify(u, 'Missed one');
    await notify(u, 'Missed two');

    const resumed = await openStream(u.tokens.access, lastSeen);
    await resumed.received('"title":"Missed two"');
    await notify(u, 'Live');
    await resumed.received('"title":"Live"');
    const titles = [...resumed.state.text.matchAll(/"title":"([^"]+)"/g)].map((m) => m[1]);
    expect(titles).toEqual(['Missed one', 'Missed two', 'Live']);
    // The ready event keeps the cursor it was given until a newer event arrives.
    expect(eventsOf(resumed.state.text)[0]).toBe(`ready ${lastSeen}`);
    resumed.destroy();
  });

  test('the Last-Event-ID header resumes too, and an account notice the viewer turned off is not replayed', async () => {
    const u = await registerUser(t.app);
    const first = await openStream(u.tokens.access);
    await first.received('event: ready');
    const cursor = eventsOf(first.state.text)[0]!.split(' ')[1]!;
    first.destroy();
    await t.app.ctx.db
      .updateTable('users')
      .set({ notify_account: 0 })
      .where('id', '=', u.user.id)
      .execute();
    await notify(u, 'Quiet');
    await t.app.notifier.notify(u.user.id, { kind: 'billing', title: 'Billed', body: 'b' });
    const res = await t.app.inject({
      url: `/v1/notifications/stream?ticket=${await ticketFor(u.tokens.access)}`,
      headers: { 'last-event-id': cursor },
      payloadAsStream: true,
    });
    const stream = res.stream();
    let text = '';
    await within(
      new Promise<void>((resolve) =>
        stream.on('data', (c: Buffer) => {
          text += c.toString();
          if (text.includes('"title":"Billed"')) resolve();
        }),
      ),
    );
    expect(text).not.toContain('Quiet');
    stream.destroy();
  });
});

describe('streams belong to their session', () => {
  const login = async (u: Viewer, password = u.password) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: u.email, password },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.tokens as { access: string; refresh: string };
  };

  test('logout ends the stream of that session only', async () => {
    const u = await registerUser(t.app);
    const other = await login(u);
    const mine = await openStream(u.tokens.access);
    const theirs = await openStream(other.access);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: bearer(u.tokens.access),
      payload: { refreshToken: u.tokens.refresh },
    });
    await within(mine.ended);
    expect(theirs.state.ended).toBe(false);
    await notify(u, 'After logout');
    await theirs.received('After logout');
    expect(mine.state.text).not.toContain('After logout');
    theirs.destroy();
  });

  test('logout-all ends every stream of the user', async () => {
    const u = await registerUser(t.app);
    const other = await login(u);
    const a = await openStream(u.tokens.access);
    const b = await openStream(other.access);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout-all',
      headers: bearer(u.tokens.access),
    });
    await within(Promise.all([a.ended, b.ended]));
    expect(t.app.push.connections(u.user.id)).toBe(0);
  });

  test('a password change ends the other sessions’ streams and keeps this one', async () => {
    const u = await registerUser(t.app);
    const other = await login(u);
    const mine = await openStream(u.tokens.access);
    const theirs = await openStream(other.access);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/users/changePassword/${u.user.id}`,
      headers: bearer(u.tokens.access),
      payload: { currentPassword: u.password, newPassword: 'a completely different passphrase 42' },
    });
    expect(res.statusCode).toBe(200);
    await within(theirs.ended);
    expect(mine.state.ended).toBe(false);
    mine.destroy();
  });

  test('a password reset ends every stream', async () => {
    const u = await registerUser(t.app);
    const s = await openStream(u.tokens.access);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/forgot-password',
      payload: { email: u.email },
    });
    const code = await latestCode(t.app, u.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      payload: { email: u.email, code, newPassword: 'a completely different passphrase 42' },
    });
    expect(res.statusCode).toBe(200);
    await within(s.ended);
  });

  test('the keep-alive re-checks the session (a revocation made by another API instance)', async () => {
    const u = await registerUser(t.app);
    const s = await openStream(u.tokens.access);
    // Straight in the database: no in-process revocation listener hears about it.
    await t.app.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString(), revoked_reason: 'elsewhere' })
      .where('user_id', '=', u.user.id)
      .execute();
    await within(s.ended);
    expect(s.state.text).toContain('event: ready');
  });

  test(`a user holds at most ${MAX_STREAMS_PER_USER} streams: the oldest gives way`, async () => {
    const u = await registerUser(t.app);
    const streams = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i += 1)
      streams.push(await openStream(u.tokens.access));
    await within(streams[0]!.ended);
    expect(streams.slice(1).every((s) => !s.state.ended)).toBe(true);
    expect(t.app.push.connections(u.user.id)).toBe(MAX_STREAMS_PER_USER);
    for (const s of streams) s.destroy();
  });
});

describe('credentials never reach the request log', () => {
  test.each([
    ['/v1/notifications/stream?ticket=abc123', '/v1/notifications/stream?ticket=[redacted]'],
    ['/v1/x?access_token=eyJ.a.b&page=2', '/v1/x?access_token=[redacted]&page=2'],
    [
      '/v1/x?page=2&Refresh_Token=r&code=123456',
      '/v1/x?page=2&Refresh_Token=[redacted]&code=[redacted]',
    ],
    ['/v1/x?acc%65ss_token=s', '/v1/x?acc%65ss_token=[redacted]'],
    ['/v1/titles/search?q=token&page=1', '/v1/titles/search?q=token&page=1'],
    ['/v1/plain', '/v1/plain'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  test('the request serializer logs the redacted URL', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        serializers: logSerializers,
        stream: { write: (l: string) => lines.push(l) },
      },
    });
    app.get('/stream', async () => 'ok');
    await app.inject({ url: '/stream?ticket=s3cr3t-ticket&x=1' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/stream?ticket=[redacted]&x=1');
    expect(log).not.toContain('s3cr3t-ticket');
  });
});
