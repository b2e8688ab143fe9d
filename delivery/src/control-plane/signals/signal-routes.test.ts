import type { FastifyInstance } from 'fastify';
import { buildTestControlPlane } from '../test/test-control-plane';
import { acquireLease } from './lease';

let app: FastifyInstance;
beforeEach(async () => {
  app = await buildTestControlPlane({ signalsPerMinute: 5 });
});
afterEach(() => app.close());

const post = (payload: unknown, environment = 'staging') =>
  app.inject({
    method: 'POST',
    url: `/v1/environments/${environment}/signals`,
    payload: payload as object,
  });
const report = (over: object = {}) => ({
  kind: 'session',
  remote: 'mf_catalog',
  version: '1.0.0',
  arm: 'stable',
  ...over,
});

test('a batch is counted into the metrics with bounded labels; unknown remotes are dropped', async () => {
  const res = await post({
    session: 'abcdefgh12345678',
    reports: [
      report(),
      report({ kind: 'boundary', count: 3 }),
      report({ kind: 'lcp', value: 2100, route: '/movie/:id' }),
      // A version that is none of the environment's entries is counted as `other`.
      report({ version: '9.9.9-made-up' }),
      report({ remote: 'mf_unknown' }),
    ],
  });
  expect(res.statusCode).toBe(202);
  expect(res.json()).toEqual({ accepted: 4, dropped: 1 });
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  expect(metrics).toContain(
    'streamflix_browser_signals_total{environment="staging",remote="mf_catalog",version="1.0.0",arm="stable",kind="boundary"} 3',
  );
  expect(metrics).toContain(
    'streamflix_browser_signals_total{environment="staging",remote="mf_catalog",version="other",arm="stable",kind="session"} 1',
  );
  expect(metrics).not.toContain('mf_unknown');
  expect(metrics).not.toContain('9.9.9-made-up');
  expect(metrics).toMatch(
    /streamflix_web_vital_milliseconds_count\{[^}]*metric="lcp",route="\/movie\/:id"\} 1/,
  );
  const summary = (
    await app.inject({ method: 'GET', url: '/v1/environments/staging/signals' })
  ).json() as { items: Array<Record<string, unknown>> };
  expect(summary.items).toEqual([
    expect.objectContaining({
      remote: 'mf_catalog',
      arm: 'stable',
      version: '1.0.0',
      sessions: 1,
      errorSessions: 1,
      errorSessionsPer1000: 1000,
      lcpP75: 2100,
    }),
    expect.objectContaining({
      remote: 'mf_catalog',
      version: 'other',
      sessions: 1,
      errorSessions: 0,
    }),
  ]);
});

test('a bad batch is 400, a large one 413, an unknown environment 404, a flood 429', async () => {
  expect((await post({ session: 'x', reports: [report()] })).statusCode).toBe(400);
  expect(
    (await post({ session: 'abcdefgh12345678', reports: [report({ kind: 'nope' })] })).statusCode,
  ).toBe(400);
  expect(
    (await post({ session: 'abcdefgh12345678', reports: [report({ extra: 1 })] })).statusCode,
  ).toBe(400);
  const huge = { session: 'abcdefgh12345678', reports: [report({ version: 'x'.repeat(70_000) })] };
  expect((await post(huge)).statusCode).toBe(413);
  expect(
    (await post({ session: 'abcdefgh12345678', reports: [report()] }, 'nowhere')).statusCode,
  ).toBe(404);
  // Five batches a minute in this app, the refused ones above included.
  const flood = await post({ session: 'abcdefgh12345678', reports: [report()] });
  expect(flood.statusCode).toBe(429);
  expect(flood.json()).toMatchObject({ error: 'rate-limited' });
});

test('the analysis lease: one holder at a time until it lapses', async () => {
  const { db } = app.controlPlane.database;
  const t = new Date('2026-01-01T00:00:00Z');
  expect(await acquireLease(db, 'canary-analysis', 'a', t, 10_000)).toBe(true);
  expect(await acquireLease(db, 'canary-analysis', 'b', new Date(t.getTime() + 5000), 10_000)).toBe(
    false,
  );
  expect(await acquireLease(db, 'canary-analysis', 'a', new Date(t.getTime() + 5000), 10_000)).toBe(
    true,
  );
  expect(
    await acquireLease(db, 'canary-analysis', 'b', new Date(t.getTime() + 16_000), 10_000),
  ).toBe(true);
  expect(
    await acquireLease(db, 'canary-analysis', 'a', new Date(t.getTime() + 17_000), 10_000),
  ).toBe(false);
});
