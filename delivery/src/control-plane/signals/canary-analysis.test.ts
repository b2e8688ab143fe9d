import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestControlPlane } from '../test/test-control-plane';
import type { AnalysisSpec } from './analysis-spec';

/**
 * The canaries' automatic analysis through the control plane's own routes: browsers' reports go in
 * by POST /v1/environments/{env}/signals, a tick judges each canary, and its edits land in the
 * environment and the audit like anyone's.
 */
let app: FastifyInstance;
let owner: string;
let hook: Server;
let hookUrl: string;
const received: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      received.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise((r) => hook.close(r)));

beforeEach(async () => {
  received.length = 0;
  // Every tick is due: the interval is a millisecond.
  app = await buildTestControlPlane({
    analysis: { intervalMs: 1, webhookUrl: hookUrl },
    signalsPerMinute: 1000,
  });
  owner = (await app.controlPlane.tokens.create({ environmentOwner: 'staging' })).token;
});
afterEach(() => app.close());

const CANARY = {
  manifest: 'https://cdn.example.test/mf-player/1.1.0/mf-manifest.json',
  version: '1.1.0',
};

async function revision() {
  const res = await app.inject({ method: 'GET', url: '/v1/environments/staging' });
  return (res.json() as { revision: number }).revision;
}

async function startCanary(percent: number, analysis: AnalysisSpec) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/environments/staging/remotes/mf_player/canary',
    headers: bearer(owner),
    payload: { ifRevision: await revision(), entry: CANARY, percent, analysis },
  });
  expect(res.statusCode).toBe(200);
}

let sessionNo = 0;
/** `n` page loads on one arm; `errors` of them hit an error boundary. */
async function loads(arm: 'stable' | 'canary', n: number, errors = 0) {
  for (let i = 0; i < n; i++) {
    const version = arm === 'canary' ? '1.1.0' : '1.0.0';
    const reports = [
      { kind: 'session', remote: 'mf_player', version, arm },
      { kind: 'lcp', remote: 'mf_player', version, arm, value: 1200, route: '/watch/:id' },
      ...(i < errors ? [{ kind: 'boundary', remote: 'mf_player', version, arm, count: 2 }] : []),
    ];
    const res = await app.inject({
      method: 'POST',
      url: '/v1/environments/staging/signals',
      payload: { session: `session-${String(++sessionNo).padStart(6, '0')}`, reports },
    });
    expect(res.statusCode).toBe(202);
  }
}

const player = async () =>
  (
    (await app.inject({ method: 'GET', url: '/v1/environments/staging' })).json() as {
      document: { remotes: { mf_player: { version: string; canary?: { percent: number } } } };
    }
  ).document.remotes.mf_player;

const audit = async (action: string) =>
  (
    (
      await app.inject({
        method: 'GET',
        url: `/v1/audit?environment=staging&remote=mf_player&action=${action}`,
        headers: bearer(owner),
      })
    ).json() as {
      items: Array<{
        tokenId: string;
        message: string;
        fromVersion: string;
        toVersion: string;
        gate: {
          analysis: {
            result: string;
            canary: { sessions: number; errorSessions: number };
            stable: { sessions: number };
          };
        };
      }>;
    }
  ).items;

test('below the minimum sample a check is "not enough data": neither a pass nor a failure', async () => {
  await startCanary(10, { minSessions: 3 });
  await loads('stable', 5);
  await loads('canary', 2, 2);
  const [outcome] = await app.controlPlane.analysis.tick();
  expect(outcome).toMatchObject({ action: 'none', failedChecks: 0 });
  expect(outcome!.check.result).toBe('not-enough-data');
  expect(outcome!.check.reasons).toEqual(['canary has 2 session(s), fewer than the 3 needed']);
  const summary = (
    await app.inject({ method: 'GET', url: '/v1/environments/staging/signals' })
  ).json() as {
    canaries: Array<{ checks: number; failedChecks: number; lastCheck: { result: string } }>;
  };
  expect(summary.canaries[0]).toMatchObject({
    checks: 1,
    failedChecks: 0,
    lastCheck: { result: 'not-enough-data' },
  });
});

test('a healthy canary passes its checks and stays where it is without `auto`', async () => {
  await startCanary(10, { minSessions: 3 });
  await loads('stable', 4);
  await loads('canary', 3);
  const [outcome] = await app.controlPlane.analysis.tick();
  expect(outcome!.check).toMatchObject({
    result: 'pass',
    canary: { sessions: 3, errorSessions: 0, errorSessionsPer1000: 0, lcpP75: 1200 },
    stable: { sessions: 4, errorSessions: 0 },
  });
  expect((await player()).canary?.percent).toBe(10);
});

test('failed checks reaching the limit abort the canary, audit the figures and call the webhook', async () => {
  await startCanary(10, { minSessions: 3, failureLimit: 3, errorMargin: 10 });
  await loads('stable', 4);
  await loads('canary', 4, 3);
  for (const failed of [1, 2]) {
    const [outcome] = await app.controlPlane.analysis.tick();
    expect(outcome).toMatchObject({ action: 'none', failedChecks: failed });
    expect(outcome!.check.result).toBe('fail');
    expect(outcome!.check.reasons).toEqual([
      'error sessions per 1,000: canary 750 > stable 0 + 10',
    ]);
  }
  expect((await player()).canary?.percent).toBe(10);
  const [last] = await app.controlPlane.analysis.tick();
  expect(last).toMatchObject({ action: 'aborted', failedChecks: 3 });
  const entry = await player();
  expect(entry.canary).toBeUndefined();
  expect(entry.version).toBe('1.0.0');
  const [row] = await audit('abort');
  expect(row).toMatchObject({ tokenId: 'control-plane-analysis', toVersion: '1.0.0' });
  expect(row!.message).toContain('3 failed check(s) of 3 allowed');
  expect(row!.message).toContain('canary 1.1.0: 3/4 error sessions = 750 per 1,000');
  expect(row!.gate.analysis).toMatchObject({
    result: 'fail',
    canary: { sessions: 4, errorSessions: 3 },
    stable: { sessions: 4 },
  });
  await Promise.all(app.controlPlane.analysis.deliveries);
  expect(received).toEqual([
    expect.objectContaining({
      event: 'canary.aborted',
      environment: 'staging',
      remote: 'mf_player',
      canaryVersion: '1.1.0',
      stableVersion: '1.0.0',
      failedChecks: 3,
      auditId: expect.any(Number),
    }),
  ]);
  // Aborted: nothing left to judge.
  expect(await app.controlPlane.analysis.tick()).toEqual([]);
});

test('passing checks advance an `auto` canary through its steps to 100', async () => {
  await startCanary(1, { minSessions: 2, steps: [1, 5, 25, 100], auto: true });
  await loads('stable', 2);
  await loads('canary', 2);
  const seen: number[] = [];
  for (let i = 0; i < 3; i++) {
    const [outcome] = await app.controlPlane.analysis.tick();
    expect(outcome).toMatchObject({ action: 'promoted' });
    seen.push(outcome!.percent!);
  }
  expect(seen).toEqual([5, 25, 100]);
  const entry = await player();
  expect(entry.canary).toBeUndefined();
  expect(entry.version).toBe('1.1.0');
  const promotes = await audit('promote');
  expect(promotes.map((r) => r.tokenId)).toEqual(Array(3).fill('control-plane-analysis'));
  expect(promotes[0]!.message).toContain('25% → 100%');
});

test('a failing canary does not advance, and a human edit meanwhile wins (compare-and-swap)', async () => {
  await startCanary(1, { minSessions: 2, steps: [1, 5], auto: true, failureLimit: 1 });
  await loads('stable', 2);
  await loads('canary', 2, 2);
  // The canary is aborted by hand first: the analysis's abort then finds nothing to do.
  const res = await app.inject({
    method: 'POST',
    url: '/v1/environments/staging/remotes/mf_player/canary/abort',
    headers: bearer(owner),
    payload: { ifRevision: await revision() },
  });
  expect(res.statusCode).toBe(200);
  expect(await app.controlPlane.analysis.tick()).toEqual([]);
  expect(await audit('abort')).toHaveLength(1);
});
