import { Client } from 'pg';
import { type Instance, type RoundRobinProxy } from './instances';
import { startCluster, type Cluster, post, registerViewer } from './cluster';
import type { TestDatabase } from './test-database';

/**
 * Two API processes on one PostgreSQL behind a round-robin proxy, and one of them dies (SIGKILL) under
 * a viewer: the notification stream resumes on the other from its last event id and misses nothing,
 * and a payment attempt is carried out once whichever instance gets it.
 */
jest.setTimeout(120_000);

let cluster: Cluster;
let database: TestDatabase;
let a: Instance;
let b: Instance;
let proxy: RoundRobinProxy;

beforeAll(async () => {
  cluster = await startCluster('failover');
  ({ database, a, b, proxy } = cluster);
});

afterAll(async () => {
  await cluster?.stop();
});

async function query<T extends object>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const register = (base: string) => registerViewer(base, 'Failover');

interface StreamEvent {
  id?: string;
  event?: string;
  data?: string;
}

/** The events of a server-sent event stream's text (comments skipped). */
function parseEvents(text: string): StreamEvent[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .map((block) => {
      const event: StreamEvent = {};
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const field = line.slice(0, colon) as keyof StreamEvent;
        if (field === 'id' || field === 'event' || field === 'data')
          event[field] = line.slice(colon + 1).trimStart();
      }
      return event;
    })
    .filter((e) => e.event);
}

/** The viewer's stream opened on `base` with a ticket (any instance redeems it), as EventSource would. */
async function openStream(
  base: string,
  access: string,
  resume: { lastEventId?: string; inQuery?: boolean } = {},
) {
  const { lastEventId, inQuery } = resume;
  const ticket = await post(base, '/notifications/stream-ticket', {}, access);
  expect(ticket.status).toBe(200);
  const query = inQuery && lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '';
  const stream = await fetch(`${base}${ticket.body.data.streamUrl}${query}`, {
    headers: lastEventId && !inQuery ? { 'last-event-id': lastEventId } : {},
  });
  expect(stream.status).toBe(200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  const state = { text: '', ended: false };
  const pump = (async () => {
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        state.text += next.value;
      }
    } catch {
      // The instance died: the connection is cut.
    }
    state.ended = true;
  })();
  const until = async (done: () => boolean, what: string, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`stream never ${what}: ${state.text}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    events: () => parseEvents(state.text),
    get ended() {
      return state.ended;
    },
    until,
    close: async () => {
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}

const notices = (events: StreamEvent[]) =>
  events
    .filter((e) => e.event === 'notification')
    .map((e) => (JSON.parse(e.data!) as { id: string; title: string }).title);

test('a payment attempt sent to A and again to B is carried out once: one subscription, one charge', async () => {
  const viewer = await register(proxy.url);
  const attempt = {
    planId: 'basic-monthly',
    paymentMethodId: 'pm_card_visa',
    idempotencyKey: `failover-${Date.now()}`,
  };
  const onA = await post(a.url, '/payments/checkout', attempt, viewer.tokens.access);
  expect(onA.status).toBe(200);
  // The client's retry after a lost answer reaches the other instance: the key is a row, not memory.
  const onB = await post(b.url, '/payments/checkout', attempt, viewer.tokens.access);
  expect(onB.status).toBe(200);
  expect(onB.body).toEqual(onA.body);
  // Sent to both at once (a retry overtaking a slow first try), the duplicate waits and answers the same.
  const racer = await register(proxy.url);
  const raceKey = `race-${Date.now()}`;
  const raced = await Promise.all(
    [a.url, b.url].map((base) =>
      post(
        base,
        '/payments/checkout',
        { ...attempt, idempotencyKey: raceKey },
        racer.tokens.access,
      ),
    ),
  );
  expect(raced.map((r) => r.status)).toEqual([200, 200]);
  expect(raced[0]!.body).toEqual(raced[1]!.body);
  for (const { id } of [viewer, racer]) {
    const [subscriptions] = await query<{ n: number }>(
      'select count(*)::int as n from subscriptions where user_id = $1',
      [id],
    );
    const [charges] = await query<{ n: number }>(
      "select count(*)::int as n from payments where user_id = $1 and status = 'succeeded'",
      [id],
    );
    expect(subscriptions!.n).toBe(1);
    expect(charges!.n).toBe(1);
  }
});

test('a stream cut by a killed instance resumes on the other from its last event id, missing nothing', async () => {
  const viewer = await register(proxy.url);
  let password = viewer.password;
  // Each password change notifies the viewer; the session making it stays signed in.
  const changePassword = async (through: string) => {
    const next = `${password} again`;
    const res = await post(
      through,
      `/users/changePassword/${viewer.id}`,
      { currentPassword: password, newPassword: next },
      viewer.tokens.access,
    );
    expect(res.status).toBe(200);
    password = next;
  };

  const first = await openStream(a.url, viewer.tokens.access);
  await first.until(() => first.events().some((e) => e.event === 'ready'), 'was ready');
  // Even before any notification the ready event carries an id to resume from.
  expect(first.events()[0]!.id).toMatch(/^(ntf_\w+|start)$/);
  await changePassword(b.url);
  await first.until(
    () => notices(first.events()).includes('Password changed'),
    'delivered the first notice',
  );
  const seen = first.events().filter((e) => e.id);
  const lastEventId = seen[seen.length - 1]!.id!;
  // Every streamed notification carries its id.
  for (const e of first.events().filter((e) => e.event === 'notification'))
    expect(e.id).toBe((JSON.parse(e.data!) as { id: string }).id);

  await a.kill();
  await first.until(() => first.ended, 'ended with its instance', 5_000);

  // Raised while the viewer has no stream, through the proxy (which now finds only B).
  await changePassword(proxy.url);
  await changePassword(proxy.url);
  const missed = await query<{ id: string }>(
    'select id from notifications where user_id = $1 order by created_at, id',
    [viewer.id],
  );

  const second = await openStream(proxy.url, viewer.tokens.access, { lastEventId });
  try {
    await second.until(() => notices(second.events()).length >= 2, 'replayed the missed notices');
    // A notice raised now arrives live after the replay, once.
    await changePassword(proxy.url);
    await second.until(() => notices(second.events()).length >= 3, 'delivered a live notice');
    await new Promise((r) => setTimeout(r, 300));
    const replayed = second
      .events()
      .filter((e) => e.event === 'notification')
      .map((e) => e.id);
    const all = await query<{ id: string }>(
      'select id from notifications where user_id = $1 order by created_at, id',
      [viewer.id],
    );
    const afterCut = all.map((n) => n.id).slice(all.findIndex((n) => n.id === lastEventId) + 1);
    expect(afterCut).toHaveLength(3);
    // Exactly the two raised meanwhile (none before the cut again), then the live one.
    expect(replayed).toEqual(afterCut);
    expect(missed.slice(-2).map((n) => n.id)).toEqual(afterCut.slice(0, 2));
  } finally {
    await second.close();
    await first.close();
  }
});

test("a stream resumed from an id that is not the viewer's replays nothing but still carries live notices", async () => {
  const viewer = await register(b.url);
  const stream = await openStream(b.url, viewer.tokens.access, {
    lastEventId: 'ntf_someone_elses',
    inQuery: true,
  });
  try {
    await stream.until(() => stream.events().some((e) => e.event === 'ready'), 'was ready');
    expect(stream.events().filter((e) => e.event === 'notification')).toEqual([]);
    // A line break in the id would write into the stream: the id is refused and a fresh cursor sent.
    const forged = await openStream(b.url, viewer.tokens.access, {
      lastEventId: 'x\r\nevent: notification',
      inQuery: true,
    });
    await forged.until(() => forged.events().some((e) => e.event === 'ready'), 'was ready');
    expect(forged.events()[0]!.id).toMatch(/^(ntf_\w+|start)$/);
    await forged.close();
  } finally {
    await stream.close();
  }
});
