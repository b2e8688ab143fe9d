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
