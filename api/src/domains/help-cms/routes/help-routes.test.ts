import { bearer, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const send = (access: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/help/messages',
    headers: access ? bearer(access) : {},
    payload: payload as object,
  });
const list = (access: string) =>
  t.app.inject({ url: '/v1/help/messages', headers: bearer(access) });

test('a viewer’s messages are stored and listed back to them, oldest first', async () => {
  const u = await registerUser(t.app);
  expect((await list(u.tokens.access)).json().data.messages).toEqual([]);
  const first = await send(u.tokens.access, {
    message: '  My download will not start  ',
    page: '/watch/t1',
  });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({
    status: true,
    data: { author: 'viewer', body: 'My download will not start' },
  });
  await send(u.tokens.access, { message: 'Second message' });
  const messages = (await list(u.tokens.access)).json().data.messages;
  expect(messages.map((m: { body: string }) => m.body)).toEqual([
    'My download will not start',
    'Second message',
  ]);
});

test('nobody else sees them, and guests cannot send', async () => {
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  await send(a.tokens.access, { message: 'Private to A' });
  expect((await list(b.tokens.access)).json().data.messages).toEqual([]);
  expect((await send(null, { message: 'hi' })).statusCode).toBe(401);
  expect((await t.app.inject({ url: '/v1/help/messages' })).statusCode).toBe(401);
});

test('empty, blank and oversized messages get a clear 400', async () => {
  const u = await registerUser(t.app);
  for (const message of ['', '   ', 'x'.repeat(2001)]) {
    const res = await send(u.tokens.access, { message });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(false);
  }
  expect((await list(u.tokens.access)).json().data.messages).toEqual([]);
});

test('a flood of messages is slowed down with a 429', async () => {
  const u = await registerUser(t.app);
  for (let i = 0; i < 10; i += 1)
    expect((await send(u.tokens.access, { message: `m${i}` })).statusCode).toBe(201);
  const res = await send(u.tokens.access, { message: 'one more' });
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBeDefined();
});

describe('guests write with an email address for the answer', () => {
  const guest = (payload: unknown, remoteAddress = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url: '/v1/help/guest-messages',
      payload: payload as object,
      remoteAddress,
    });
  const stored = (email: string) =>
    t.app.ctx.db.selectFrom('guest_help_messages').selectAll().where('email', '=', email).execute();
  const outbox = async (email: string) => {
    await t.app.ctx.background.settled();
    const res = await t.app.inject({ url: `/v1/dev/outbox?email=${encodeURIComponent(email)}` });
    return res.json().data.messages as { kind: string; subject: string; text: string }[];
  };

  test('the message is kept with the address, which gets a confirmation email', async () => {
    const res = await guest({
      email: 'Ada@Example.com',
      message: '  Can I watch on two screens?  ',
      page: '/plans',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: true,
      message:
        'Thanks, we got your message. We will answer at ada@example.com, usually within a day.',
      data: { id: expect.any(String), email: 'ada@example.com', createdAt: expect.any(String) },
    });
    expect(await stored('ada@example.com')).toEqual([
      expect.objectContaining({ body: 'Can I watch on two screens?', page: '/plans' }),
    ]);
    const [mail, ...more] = await outbox('ada@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'help-guest-received',
      subject: 'We got your message to StreamFlix help',
    });
    // Anyone can type any address: the email carries nothing the sender wrote.
    expect(mail!.text).not.toContain('two screens');
  });

  test('a missing or invalid address and an empty message get a clear 400, and nothing is kept', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ message: 'Hello' }, 'email', /email is required/],
      [{ email: 'not-an-address', message: 'Hello' }, 'email', /email must be an email address/],
      [{ email: 'bob@example.com', message: '   ' }, 'message', /Write a message first/],
      [{ email: 'bob@example.com', message: 'x'.repeat(2001) }, 'message', /message/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await guest(payload, '198.51.100.8');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: expect.stringMatching(message) });
      expect(res.json().errors).toHaveProperty(field);
    }
    expect(await stored('bob@example.com')).toEqual([]);
    expect(await outbox('bob@example.com')).toEqual([]);
  });

  test('each client address may write a few messages per window: then 429 with Retry-After', async () => {
    const from = '203.0.113.77';
    for (let i = 0; i < 5; i++)
      expect((await guest({ email: `g${i}@example.com`, message: `m${i}` }, from)).statusCode).toBe(
        201,
      );
    const res = await guest({ email: 'g5@example.com', message: 'one more' }, from);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(
      /You have sent several messages from this device\. Try again in \d+ minute\(s\), or log in/,
    );
    expect(await stored('g5@example.com')).toEqual([]);
    // Another client is not held back by this one.
    expect(
      (await guest({ email: 'g5@example.com', message: 'hi' }, '203.0.113.78')).statusCode,
    ).toBe(201);
  });

  test('one address gets a few confirmations at most, however many clients write for it', async () => {
    for (let i = 0; i < 7; i++)
      expect(
        (await guest({ email: 'target@example.com', message: `spam ${i}` }, `192.0.2.${i + 1}`))
          .statusCode,
      ).toBe(201);
    expect(await outbox('target@example.com')).toHaveLength(5);
  });
});
