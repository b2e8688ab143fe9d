import { setTimeout as sleep } from 'node:timers/promises';
import { rebuildSearchIndex } from '../db/search-dialect';
import { buildTestApp, registerUser, type TestApp } from './test-app';
import type { PushMessage } from '../domains/notifications';
import { MAX_PAYLOAD_BYTES, type PostgresBus } from '../lib/cluster-bus';

/**
 * Two API instances (two apps, each with its own pool and its own LISTEN connection) on one PostgreSQL
 * database: what one instance raises, the other sees. The process-level version, behind a proxy,
 * is src/test/multi-instance.pg.test.ts.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ databaseUrl: a.app.ctx.config.databaseUrl });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function eventually<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 5000) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return { value, elapsed: Date.now() - started };
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${JSON.stringify(value)}`);
    await sleep(20);
  }
}

test('both instances are on PostgreSQL with a LISTEN/NOTIFY bus', () => {
  expect([a.app.ctx.cluster.kind, b.app.ctx.cluster.kind]).toEqual(['postgres', 'postgres']);
});

test("a notification raised on one instance reaches the viewer's listener on the other, once", async () => {
  const u = await registerUser(a.app);
  const onA: PushMessage[] = [];
  const onB: PushMessage[] = [];
  // Signing up raises a welcome notice of its own, which travels the bus too and, on a loaded
  // machine, may land after the listeners below are in place: only this test's notice is counted.
  const record = (list: PushMessage[]) => (m: PushMessage) => {
    if (m.title !== 'Welcome to StreamFlix') list.push(m);
  };
  const offA = a.app.push.subscribe(u.user.id, record(onA));
  const offB = b.app.push.subscribe(u.user.id, record(onB));
  const stranger = await registerUser(a.app);
  const leaked: PushMessage[] = [];
  const offC = b.app.push.subscribe(stranger.user.id, record(leaked));
  await a.app.notifier.notify(u.user.id, {
    kind: 'billing',
    title: 'Payment received',
    body: 'Thanks!',
  });
  await eventually(
    () => onB.length,
    (n) => n === 1,
  );
  await eventually(
    () => onA.length,
    (n) => n === 1,
  );
  expect(onB[0]).toMatchObject({ title: 'Payment received', kind: 'billing', link: null });
  expect(onB[0]).toEqual(onA[0]);
  await sleep(100);
  expect([onA.length, onB.length, leaked.length]).toEqual([1, 1, 0]);
  offA();
  offB();
  offC();
});

test('a catalogue change written through one instance is searchable on the other', async () => {
  const search = (app: TestApp) =>
    app.app
      .inject({
        method: 'POST',
        url: '/v1/titles/search',
        payload: { search: 'zyzzyva', country: 'US' },
      })
      .then((r) => r.json().data.results.map((x: { id: string; name: string }) => x.name));
  // Warm B's text-match cache with the old answer: the change must clear it.
  expect(await search(b)).toEqual([]);
  const { db, dialect } = a.app.ctx;
  const title = a.catalogue.titles[0]!;
  await db
    .updateTable('titles')
    .set({ name: 'Zyzzyva Harbour' })
    .where('id', '=', title.id)
    .execute();
  await rebuildSearchIndex(db, dialect);
  await a.app.ctx.cluster.publish('catalogue', { reason: 'test rename' });
  const { elapsed } = await eventually(
    () => search(b),
    (names) => names.includes('Zyzzyva Harbour'),
  );
  // The visibility delay docs/operations.md documents: a NOTIFY round trip plus rebuilding the index.
  expect(elapsed).toBeLessThan(2000);
  const detail = await b.app.inject(`/v1/titles/${title.id}?country=US`);
  expect(detail.json().data.name).toBe('Zyzzyva Harbour');
});

test('after losing its listening connection an instance reconnects, tells its subscribers, and hears again', async () => {
  const bus = b.app.ctx.cluster as PostgresBus;
  let reconnected = 0;
  const off = bus.subscribe('reconnected', () => (reconnected += 1));
  const u = await registerUser(a.app);
  const heard: PushMessage[] = [];
  const offB = b.app.push.subscribe(u.user.id, (m) => heard.push(m));
  bus.simulateConnectionLoss();
  await eventually(
    () => reconnected,
    (n) => n === 1,
  );
  await a.app.notifier.notify(u.user.id, { kind: 'account', title: 'Hello again', body: '' });
  await eventually(
    () => heard.map((m) => m.title),
    (titles) => titles.includes('Hello again'),
  );
  off();
  offB();
});

test('an event too large for NOTIFY is refused with a clear error rather than cut', async () => {
  const big = 'x'.repeat(MAX_PAYLOAD_BYTES);
  await expect(a.app.ctx.cluster.publish('catalogue', { reason: big })).rejects.toThrow(
    /over the limit/,
  );
});
