import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import { buildTestApp, registerUser, type TestApp } from '../test/test-app';
import { DATABASE_UNREACHABLE_MESSAGE } from '../plugins/error-handler';
import { OUTAGE_RETRY_AFTER_SECONDS } from './database-errors';

/**
 * PostgreSQL restarted under load: viewers keep signing in, saving progress, adding to My List and
 * signing up while the server is killed (`pg_ctl stop -m immediate`, as a crash or an orchestrator's
 * kill would) and started again on the same data directory and port. This server is the test's own
 * (the api-pg project's shared one is not to be stopped), with synchronous_commit on, so a commit
 * the server acknowledged survives the kill, as in production.
 */

interface PgServer {
  url: string;
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  resume(): Promise<void>;
  stop(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPostgres } = require('../../scripts/postgres-server.cjs') as {
  startPostgres: (options: { durable?: boolean }) => Promise<PgServer>;
};

/** Longest any request may take while the database is down: the pool's connect timeout is 5 s. */
const ANSWER_WITHIN_MS = 5_000;
/** From PostgreSQL accepting connections again to the first write that succeeds. */
const RECOVER_WITHIN_MS = 5_000;
const OUTAGE_MS = 3_000;

interface Sample {
  what: string;
  startedAt: number;
  ms: number;
  res: LightMyRequestResponse;
}

let server: PgServer;
let t: TestApp;
beforeAll(async () => {
  server = await startPostgres({ durable: true });
  // Every viewer signs in again and again from one address.
  t = await buildTestApp({ databaseUrl: server.url, rateLimit: { ipAttempts: 100_000 } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  server?.stop();
});

test('a PostgreSQL restart under load: 503 with Retry-After meanwhile, recovery by itself, nothing acknowledged lost', async () => {
  const { app } = t;
  const viewers = await Promise.all([1, 2, 3].map(() => registerUser(app)));
  const titles = t.catalogue.titles.filter((x) => x.type === 'movie').map((x) => x.id);
  const samples: Sample[] = [];
  const timed = async (what: string, run: () => Promise<LightMyRequestResponse>) => {
    const startedAt = Date.now();
    const res = await run();
    const sample = { what, startedAt, ms: Date.now() - startedAt, res };
    samples.push(sample);
    return sample;
  };

  // What the API acknowledged, to be found in the database afterwards.
  const acked = {
    favourites: [] as Array<{ profileId: string; titleId: string }>,
    progress: new Map<string, number>(),
    refresh: new Map<string, string>(),
  };
  let running = true;
  const viewerLoop = async (v: (typeof viewers)[number], n: number) => {
    const auth = { authorization: `Bearer ${v.tokens.access}` };
    for (let i = 1; running; i++) {
      const titleId = titles[(i + n) % titles.length]!;
      const fav = await timed('add to My List', () =>
        app.inject({
          method: 'POST',
          url: `/v1/users/favourite/${v.user.id}`,
          headers: auth,
          payload: { titleId },
        }),
      );
      if (fav.res.statusCode === 200) acked.favourites.push({ profileId: v.user.id, titleId });
      const log = await timed('save progress', () =>
        app.inject({
          method: 'POST',
          url: `/v1/titles/createLog/${titles[0]}`,
          headers: auth,
          payload: { position: i, duration: 86_400 },
        }),
      );
      if (log.res.statusCode === 200) acked.progress.set(v.user.id, i);
      await timed('my list', () =>
        app.inject({ url: `/v1/users/favourite/${v.user.id}`, headers: auth }),
      );
      const login = await timed('sign in', () =>
        app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: v.email, password: v.password },
        }),
      );
      if (login.res.statusCode === 200)
        acked.refresh.set(v.user.id, login.res.json().data.tokens.refresh);
      // Not counted below: a sign-up is answered before its row is written, in the background (so an
      // answer's timing never tells whether the address has an account), and a row whose write meets
      // the outage is not written; the viewer gets no code and asks again.
      await timed('sign up', () =>
        app.inject({
          method: 'POST',
          url: '/v1/auth/register',
          payload: {
            name: 'Outage Viewer',
            email: `outage-${n}-${i}-${Date.now()}@example.com`,
            password: 'correct horse battery staple',
            country: 'US',
          },
        }),
      );
      await sleep(20);
    }
  };
  const probes: Array<{ at: number; ready: number; health: number }> = [];
  const probeLoop = async () => {
    while (running) {
      const at = Date.now();
      const [ready, health] = await Promise.all([
        app.inject({ url: '/v1/ready' }),
        app.inject({ url: '/v1/health' }),
      ]);
      probes.push({ at, ready: ready.statusCode, health: health.statusCode });
      await sleep(100);
    }
  };
  const reconnected = new Promise<number>((resolve) =>
    app.ctx.cluster.subscribe('reconnected', () => resolve(Date.now())),
  );

  const load = Promise.all([...viewers.map((v, n) => viewerLoop(v, n)), probeLoop()]);
  await sleep(1500);
  const haltStarted = Date.now();
  await server.halt('immediate');
  const down = Date.now();
  await sleep(OUTAGE_MS);
  const restartStarted = Date.now();
  await server.resume();
  const up = Date.now();
  // Load continues until every kind of request has succeeded again, then a little longer.
  const deadline = up + 20_000;
  while (Date.now() < deadline) {
    const after = samples.filter((s) => s.startedAt >= up);
    const kinds = new Set(after.filter((s) => s.res.statusCode < 300).map((s) => s.what));
    if (kinds.size === 5) break;
    await sleep(50);
  }
  await sleep(1000);
  running = false;
  await load;

  // No 500 and nothing but success or the outage answer, at any time.
  const unexpected = samples.filter((s) => s.res.statusCode >= 300 && s.res.statusCode !== 503);
  expect(unexpected.map((s) => `${s.what}: ${s.res.statusCode} ${s.res.body}`)).toEqual([]);

  // While the server was down: every request needing it answered 503 with Retry-After, quickly,
  // in the API's envelope, naming nothing of the server.
  const during = samples.filter((s) => s.startedAt >= down && s.startedAt + s.ms < restartStarted);
  expect(during.length).toBeGreaterThan(10);
  for (const s of during) {
    expect(s.res.statusCode).toBe(503);
    expect(s.res.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(s.res.json()).toEqual({ status: false, message: DATABASE_UNREACHABLE_MESSAGE });
  }
  const slowest = Math.max(...samples.filter((s) => s.res.statusCode === 503).map((s) => s.ms));
  expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);

  // Liveness stays up throughout; readiness says 503 while the server is away and 200 after.
  const probesDown = probes.filter((p) => p.at >= down && p.at < restartStarted);
  expect(probesDown.length).toBeGreaterThan(3);
  expect(new Set(probesDown.map((p) => p.ready))).toEqual(new Set([503]));
  expect(new Set(probes.map((p) => p.health))).toEqual(new Set([200]));
  expect(probes.at(-1)!.ready).toBe(200);

  // The pool came back by itself: every kind of request succeeds again, within the bound.
  const firstOk = samples.find((s) => s.startedAt >= up && s.res.statusCode < 300)!;
  expect(firstOk).toBeDefined();
  const recoveredIn = firstOk.startedAt + firstOk.ms - up;
  expect(recoveredIn).toBeLessThan(RECOVER_WITHIN_MS);
  const tail = samples.filter((s) => s.startedAt >= up + recoveredIn + 500);
  expect(tail.length).toBeGreaterThan(5);
  expect(tail.filter((s) => s.res.statusCode !== 200 && s.res.statusCode !== 202)).toEqual([]);

  // Every write the API acknowledged is in the database.
  const check = new Client({ connectionString: server.url });
  await check.connect();
  try {
    const favs = await check.query<{ profile_id: string; title_id: string }>(
      'select profile_id, title_id from favourites',
    );
    const profiles = await check.query<{ id: string; user_id: string }>(
      'select id, user_id from profiles',
    );
    const userOf = new Map(profiles.rows.map((p) => [p.id, p.user_id]));
    const stored = new Set(
      favs.rows.map((f) => `${userOf.get(f.profile_id) ?? f.profile_id}/${f.title_id}`),
    );
    for (const f of acked.favourites) expect(stored).toContain(`${f.profileId}/${f.titleId}`);
    const logs = await check.query<{ profile_id: string; position: number }>(
      'select profile_id, position from watch_logs where title_id = $1',
      [titles[0]],
    );
    for (const [userId, position] of acked.progress) {
      const row = logs.rows.find((l) => (userOf.get(l.profile_id) ?? l.profile_id) === userId);
      // A write answered 503 may still have committed (its answer was lost with the connection).
      expect(Number(row?.position)).toBeGreaterThanOrEqual(position);
    }
  } finally {
    await check.end();
  }
  // The last sign-in each viewer was told succeeded still holds: its refresh token works.
  for (const refresh of acked.refresh.values()) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/refresh-tokens',
      payload: { refreshToken: refresh },
    });
    expect(res.statusCode).toBe(200);
  }

  // The cross-instance bus listens again (it says so with `reconnected`) and delivers: what is
  // published now travels through PostgreSQL's NOTIFY back to this instance's listener.
  const giveUp = new AbortController();
  const relistenedAt = await Promise.race([
    reconnected,
    sleep(10_000, undefined, { signal: giveUp.signal }).then(() => {
      throw new Error('the cluster bus did not listen again within 10 s of the restart');
    }),
  ]).finally(() => giveUp.abort());
  const got: string[] = [];
  const off = app.push.subscribe(viewers[0]!.user.id, (m) => got.push(m.title));
  await app.notifier.notify(viewers[0]!.user.id, {
    kind: 'billing',
    title: 'After the restart',
    body: 'Delivered.',
  });
  for (let i = 0; i < 100 && !got.includes('After the restart'); i++) await sleep(50);
  off();
  expect(got).toContain('After the restart');

  const acknowledged = acked.favourites.length + acked.progress.size + acked.refresh.size;
  console.log(
    `PostgreSQL restart under load: stop took ${down - haltStarted} ms, down ${restartStarted - down} ms, ` +
      `start took ${up - restartStarted} ms; ${during.length} requests answered 503 meanwhile ` +
      `(slowest ${slowest} ms); first success ${recoveredIn} ms after the server was up; bus listening ` +
      `again ${relistenedAt - up} ms after; ${samples.length} requests in all, ${acknowledged} acknowledged writes checked.`,
  );
}, 120_000);
