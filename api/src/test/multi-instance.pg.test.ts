import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { type Instance, type RoundRobinProxy } from './instances';
import {
  startCluster,
  type Cluster,
  CLUSTER_MEDIA_CLIP as MEDIA_CLIP,
  get,
  json,
  post,
  registerViewer,
} from './cluster';
import type { TestDatabase } from './test-database';

/**
 * Two API processes on one PostgreSQL behind a round-robin proxy, started together on an empty database
 * and an empty shared media folder: they behave as one API.
 */
jest.setTimeout(120_000);

let cluster: Cluster;
let database: TestDatabase;
let a: Instance;
let b: Instance;
let proxy: RoundRobinProxy;

beforeAll(async () => {
  cluster = await startCluster('cluster');
  ({ database, a, b, proxy } = cluster);
});

afterAll(async () => {
  await cluster?.stop();
});

const register = (base: string) => registerViewer(base, 'Cluster');

test('started together, the two instances migrate, seed and generate media once', async () => {
  await Promise.all([a.waitForLog(/^Media ready/), b.waitForLog(/^Media ready/)]);
  const everything = [...a.logs, ...b.logs];
  expect(everything.filter((l) => /^Applied \d+ migration/.test(l))).toHaveLength(1);
  expect(everything.filter((l) => l.startsWith('Seeded the catalogue'))).toHaveLength(1);
  expect(everything.filter((l) => l.includes(`generating ${MEDIA_CLIP}`))).toHaveLength(1);
  // The instance that waited found the clip complete and serves it from the shared folder.
  expect(readdirSync(path.join(cluster.dir, 'media')).filter((n) => !n.startsWith('.'))).toEqual([
    MEDIA_CLIP,
  ]);
  const client = new Client({ connectionString: database.url });
  await client.connect();
  const titles = await client.query<{ n: number }>('select count(*)::int as n from titles');
  const migrations = await client.query<{ n: number }>(
    'select count(*)::int as n from kysely_migration',
  );
  await client.end();
  expect(titles.rows[0]!.n).toBeGreaterThan(50);
  expect(migrations.rows[0]!.n).toBeGreaterThanOrEqual(4);
});

/**
 * Opens the viewer's event stream on `base` with a single-use ticket asked for through `ticketBase`
 * (tickets are rows, so any instance may issue one and another redeem it).
 */
async function openStream(base: string, ticketBase: string, access: string) {
  const ticket = await post(ticketBase, '/notifications/stream-ticket', {}, access);
  expect(ticket.status).toBe(200);
  const abort = new AbortController();
  const stream = await fetch(
    `${base}/v1/notifications/stream?ticket=${encodeURIComponent(ticket.body.data.ticket)}`,
    { signal: abort.signal },
  );
  expect(stream.status).toBe(200);
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  let ended = false;
  return {
    get received() {
      return received;
    },
    /** Reads until the stream has said `marker`, or until it ends when `marker` is null. */
    async readUntil(marker: string | null, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (marker === null ? !ended : !received.includes(marker)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`stream never ${marker ?? 'ended'}: ${received}`);
        const next = await Promise.race([
          reader.read(),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), left)),
        ]);
        if (next === 'timeout') continue;
        if (next.done) {
          if (marker !== null) throw new Error(`stream ended: ${received}`);
          ended = true;
        } else received += next.value;
      }
    },
    close: () => abort.abort(),
  };
}

test("a viewer's stream on A receives a notification raised through B", async () => {
  const viewer = await register(proxy.url);
  const stream = await openStream(a.url, b.url, viewer.tokens.access);
  try {
    await stream.readUntil('event: ready');
    // Changing the password notifies the viewer ("Password changed"); the request is served by B.
    const changed = await post(
      b.url,
      `/users/changePassword/${viewer.id}`,
      { currentPassword: viewer.password, newPassword: 'an even better passphrase' },
      viewer.tokens.access,
    );
    expect(changed.status).toBe(200);
    await stream.readUntil('Password changed');
    // The sign-up's welcome notice may come first on a loaded machine: find this one's event.
    const events = stream.received
      .split('event: notification\ndata: ')
      .slice(1)
      .map((e) => JSON.parse(e.split('\n')[0]!) as { title: string });
    expect(events.find((e) => e.title === 'Password changed')).toMatchObject({
      kind: 'account',
      title: 'Password changed',
    });
  } finally {
    stream.close();
  }
});

test('signing out everywhere on B ends the stream A holds at once', async () => {
  const viewer = await register(proxy.url);
  const stream = await openStream(a.url, a.url, viewer.tokens.access);
  try {
    await stream.readUntil('event: ready');
    expect((await post(b.url, '/auth/logout-all', {}, viewer.tokens.access)).status).toBe(200);
    // Well inside the 25 s keep-alive that would otherwise notice the revoked session.
    await stream.readUntil(null, 5_000);
  } finally {
    stream.close();
  }
});

test('a refresh token rotated on A and replayed on B revokes the whole family', async () => {
  const viewer = await register(proxy.url);
  const rotated = await post(a.url, '/auth/refresh-tokens', {
    refreshToken: viewer.tokens.refresh,
  });
  expect(rotated.status).toBe(200);
  const next = rotated.body.data.tokens;
  expect((await get(b.url, `/users/${viewer.id}`, next.access)).status).toBe(200);

  const replay = await post(b.url, '/auth/refresh-tokens', { refreshToken: viewer.tokens.refresh });
  expect(replay.status).toBe(401);
  // The family is gone on both instances, at once: the newer refresh token and its access token too.
  expect((await post(a.url, '/auth/refresh-tokens', { refreshToken: next.refresh })).status).toBe(
    401,
  );
  expect((await get(a.url, `/users/${viewer.id}`, next.access)).status).toBe(401);
  expect((await get(b.url, `/users/${viewer.id}`, next.access)).status).toBe(401);
});

test('signing out everywhere on A is refused by B on the next request', async () => {
  const viewer = await register(proxy.url);
  expect((await get(b.url, `/users/${viewer.id}`, viewer.tokens.access)).status).toBe(200);
  expect((await post(a.url, '/auth/logout-all', {}, viewer.tokens.access)).status).toBe(200);
  expect((await get(b.url, `/users/${viewer.id}`, viewer.tokens.access)).status).toBe(401);
});

test('failed sign-ins spread over both instances count against one limit', async () => {
  const viewer = await register(proxy.url);
  const before = [...proxy.counts];
  const attempt = (password: string) =>
    post(proxy.url, '/auth/login', { email: viewer.email, password });
  // Five failures allowed per account (the default); each instance sees only some of them.
  for (let i = 0; i < 5; i++) expect((await attempt(`wrong guess ${i}`)).status).toBe(401);
  const locked = await attempt(viewer.password);
  expect(locked.status).toBe(429);
  expect(locked.body.message).toMatch(/Too many sign-in attempts/);
  expect((await attempt(viewer.password)).status).toBe(429);
  const served = proxy.counts.map((n, i) => n - before[i]!);
  expect([...served].sort()).toEqual([3, 4]);
});

test('Basic streams on one screen across both instances: a device on B is refused while one plays on A', async () => {
  const viewer = await register(proxy.url);
  const paid = await post(
    proxy.url,
    '/payments/checkout',
    { planId: 'basic-monthly', paymentMethodId: 'pm_card_visa' },
    viewer.tokens.access,
  );
  expect(paid.status).toBe(200);
  const signIn = async (base: string) =>
    (await post(base, '/auth/login', { email: viewer.email, password: viewer.password })).body.data
      .tokens.access as string;
  const [onA, onB] = [await signIn(a.url), await signIn(b.url)];
  const titles = await fetch(`${a.url}/v1/titles/search?limit=1`).then(json);
  const titleId = titles.body.data.results[0].id as string;
  // The clip may still be generating (503): the screen is taken before the media's readiness.
  const first = await get(a.url, `/playback/${titleId}`, onA);
  expect([200, 503]).toContain(first.status);
  const second = await get(b.url, `/playback/${titleId}`, onB);
  expect(second.status).toBe(409);
  expect(second.body.message).toMatch(/is watching on another device/);
  // Freed on A, taken on B; and two devices racing on both instances get one screen between them.
  await fetch(`${a.url}/v1/playback/screen`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${onA}` },
  });
  expect([200, 503]).toContain((await get(b.url, `/playback/${titleId}`, onB)).status);
  await fetch(`${b.url}/v1/playback/screen`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${onB}` },
  });
  const raced = await Promise.all([
    get(a.url, `/playback/${titleId}`, onA),
    get(b.url, `/playback/${titleId}`, onB),
  ]);
  expect(raced.map((r) => r.status).filter((s) => s === 409)).toHaveLength(1);
});
