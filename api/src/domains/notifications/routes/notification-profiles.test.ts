import { callAs, registerUser, useTestApp } from '../../../test/test-app';

/**
 * A profile's notices are its own: the inbox, "mark all read", the stream's replay and its live push
 * show a device the account's notices and its profile's, never another profile's.
 */
const t = useTestApp({ streamKeepAliveMs: 40 });
let owner: Awaited<ReturnType<typeof registerUser>>;
let kidsId: string;
let kidsToken: string;

const call = callAs(
  () => t.app,
  () => owner.tokens.access,
);
const notify = (profileId: string | undefined, title: string, kind = 'recommendation') =>
  t.app.notifier.notify(owner.user.id, {
    kind: kind as 'recommendation',
    title,
    body: 'b',
    profileId,
  });
const inbox = async (token: string) =>
  (await call('GET', `/notifications?user=${owner.user.id}`, undefined, token)).json().data as {
    notifications: Array<{ id: string; title: string; read: boolean }>;
    unreadCount: number;
  };

/** The stream's text until `until` appears (or 2 s pass), then closed. */
async function streamText(token: string, until: string, lastEventId?: string) {
  const ticket = (await call('POST', '/notifications/stream-ticket', undefined, token)).json().data
    .ticket as string;
  const resume = lastEventId ? `&lastEventId=${lastEventId}` : '';
  const res = await t.app.inject({
    url: `/v1/notifications/stream?ticket=${ticket}${resume}`,
    payloadAsStream: true,
  });
  const stream = res.stream();
  let text = '';
  const opened = new Promise<void>((resolve) => {
    stream.on('data', (c: Buffer) => {
      text += c.toString();
      if (text.includes('event: ready')) resolve();
    });
  });
  await opened;
  return {
    read: async () => {
      const deadline = Date.now() + 2000;
      while (!text.includes(until) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      stream.destroy();
      return text;
    },
  };
}

beforeAll(async () => {
  owner = await registerUser(t.app, { name: 'Alex Parent' });
  kidsId = (
    await call('POST', '/profiles', { name: 'Sam', kids: true, password: owner.password })
  ).json().data.id;
  kidsToken = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: owner.email, password: owner.password },
    })
  ).json().data.tokens.access;
  await call('POST', `/profiles/${kidsId}/select`, {}, kidsToken);
});

test("mark all read marks the account's notices and this profile's, not another profile's", async () => {
  await notify(kidsId, 'For Sam 1');
  await notify(owner.user.id, 'For Alex 1');
  await notify(undefined, 'Account notice', 'account');
  const unreadHere = (await inbox(owner.tokens.access)).unreadCount;
  const unreadForSam = (await inbox(kidsToken)).unreadCount;
  const read = await call('POST', '/notifications/read-all');
  // What this profile saw unread (the account's notices among them), not Sam's own.
  expect(read.json().data.updated).toBe(unreadHere);
  expect((await inbox(kidsToken)).unreadCount).toBe(unreadForSam - (unreadHere - 1));
  const sam = await inbox(kidsToken);
  expect(sam.notifications.find((n) => n.title === 'For Sam 1')?.read).toBe(false);
  expect(sam.notifications.find((n) => n.title === 'Account notice')?.read).toBe(true);
  // Nor can one be marked read by id from another profile.
  const samsId = sam.notifications.find((n) => n.title === 'For Sam 1')!.id;
  expect((await call('PATCH', `/notifications/${samsId}/read`)).statusCode).toBe(404);
  expect((await call('PATCH', `/notifications/${samsId}/read`, {}, kidsToken)).statusCode).toBe(
    200,
  );
});

test("the live push carries this profile's notices and the account's only", async () => {
  const adult = await streamText(owner.tokens.access, 'For Alex live');
  const kid = await streamText(kidsToken, 'For Sam live');
  await notify(kidsId, 'For Sam live');
  await notify(owner.user.id, 'For Alex live');
  const adultText = await adult.read();
  const kidText = await kid.read();
  expect(adultText).toContain('For Alex live');
  expect(adultText).not.toContain('For Sam live');
  expect(kidText).toContain('For Sam live');
  expect(kidText).not.toContain('For Alex live');
});

test("the replay after a drop holds this profile's notices only", async () => {
  const from = (await inbox(owner.tokens.access)).notifications[0]!.id;
  await notify(kidsId, 'Missed by Sam');
  await notify(owner.user.id, 'Missed by Alex');
  const replayed = await (await streamText(owner.tokens.access, 'Missed by Alex', from)).read();
  expect(replayed).toContain('Missed by Alex');
  expect(replayed).not.toContain('Missed by Sam');
  const kidReplay = await (await streamText(kidsToken, 'Missed by Sam', from)).read();
  expect(kidReplay).toContain('Missed by Sam');
  expect(kidReplay).not.toContain('Missed by Alex');
});
