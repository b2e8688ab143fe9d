/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { runCompose } from './compose';
import type { CompositionDocument } from './control-plane/schemas';
import { bearer, buildTestControlPlane } from './control-plane/test/test-control-plane';
import { sriOf } from './deploy';
import { STORE, stagingDocument, world } from './test/compose-world';

/** `npm run compose` canary commands with DELIVERY_URL and DELIVERY_TOKEN: a real control plane. */
let app: FastifyInstance;
let url: string;
let player: string;

beforeEach(async () => {
  app = await buildTestControlPlane({
    seeds: [stagingDocument() as unknown as CompositionDocument],
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  player = (await app.controlPlane.tokens.create({ team: 'player' })).token;
});
afterEach(() => app.close());

const pipeline = (token = player) => ({ DELIVERY_URL: url, DELIVERY_TOKEN: token });
const staging = async () => (await app.controlPlane.environments.get('staging'))!;
const audit = async () =>
  (await app.controlPlane.environments.audit({ environment: 'staging' })).items;
const manifest = (v: string) => `${STORE}/mf-player/${v}/mf-manifest.json`;

test('set --canary, promote 1 → 5 → 25 → 100: gated, compare-and-swap, audited; 100 makes it stable', async () => {
  const w = world();
  w.put('0.2.0');
  w.put('0.3.0');
  const env = { ...pipeline(), DELIVERY_CI_RUN: 'https://ci.example.test/runs/9' };
  await runCompose(['staging', 'set', 'mf_player', '0.2.0'], env, w.ctx);
  await runCompose(['staging', 'set', 'mf_player', '0.3.0', '--canary', '1'], env, w.ctx);
  let entry = (await staging()).document.remotes.mf_player!;
  expect(entry).toMatchObject({ version: '0.2.0', manifest: manifest('0.2.0') });
  expect(entry.canary).toEqual({
    entry: {
      manifest: manifest('0.3.0'),
      version: '0.3.0',
      integrity: sriOf(Buffer.from('entry 0.3.0')),
    },
    percent: 1,
    startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(w.log.join('\n')).toMatch(/0\.2\.0 stable, 0\.3\.0 canary at 1% at revision 3/);
  w.log.length = 0;
  await runCompose(['staging', 'show'], env, w.ctx);
  expect(w.log.join('\n')).toMatch(/mf_player\s+canary 0\.3\.0 at 1% since /);
  expect((await audit())[0]).toMatchObject({
    action: 'canary',
    outcome: 'applied',
    team: 'player',
    fromVersion: '0.2.0',
    toVersion: '0.3.0',
    gate: { ok: true },
    ciRun: 'https://ci.example.test/runs/9',
  });

  for (const percent of [5, 25]) {
    await runCompose(['staging', 'promote', 'mf_player', String(percent)], env, w.ctx);
    entry = (await staging()).document.remotes.mf_player!;
    expect(entry.version).toBe('0.2.0');
    expect(entry.canary?.percent).toBe(percent);
  }
  // Only raises: lowering (or staying) is refused and writes nothing.
  await expect(runCompose(['staging', 'promote', 'mf_player', '25'], env, w.ctx)).rejects.toThrow(
    /canary is at 25%: promote only raises it/,
  );
  expect((await staging()).revision).toBe(5);

  await runCompose(['staging', 'promote', 'mf_player', '100'], env, w.ctx);
  entry = (await staging()).document.remotes.mf_player!;
  expect(entry.canary).toBeUndefined();
  expect(entry).toMatchObject({ version: '0.3.0', fallback: { version: '0.2.0' } });
  expect((await audit()).slice(0, 4).map((a) => [a.action, a.fromVersion, a.toVersion])).toEqual([
    ['promote', '0.2.0', '0.3.0'],
    ['promote', '0.2.0', '0.3.0'],
    ['promote', '0.2.0', '0.3.0'],
    ['canary', '0.2.0', '0.3.0'],
  ]);
  // A promotion to 100 is a set as rollback reads the audit: rollback restores 0.2.0.
  await runCompose(['staging', 'rollback', 'mf_player'], env, w.ctx);
  expect((await staging()).document.remotes.mf_player?.version).toBe('0.2.0');
});

test('abort returns everyone to stable; a canary the gate refuses is never started', async () => {
  const w = world();
  w.put('0.2.0');
  w.put('0.3.0');
  w.put('0.4.0', { react: '^20.0.0' });
  await runCompose(['staging', 'set', 'mf_player', '0.2.0'], pipeline(), w.ctx);
  await expect(
    runCompose(['staging', 'set', 'mf_player', '0.4.0', '--canary', '5'], pipeline(), w.ctx),
  ).rejects.toThrow(/refused[\s\S]*react \^20\.0\.0/);
  expect((await staging()).revision).toBe(2);
  await runCompose(['staging', 'set', 'mf_player', '0.3.0', '--canary', '10'], pipeline(), w.ctx);
  await runCompose(['staging', 'abort', 'mf_player'], pipeline(), w.ctx);
  const entry = (await staging()).document.remotes.mf_player!;
  expect(entry.canary).toBeUndefined();
  expect(entry.version).toBe('0.2.0');
  expect((await audit())[0]).toMatchObject({ action: 'abort', toVersion: '0.2.0' });
  await expect(runCompose(['staging', 'abort', 'mf_player'], pipeline(), w.ctx)).rejects.toThrow(
    /has no canary running/,
  );
  // A plain set writes a whole entry: a running canary ends with it, and the CLI says so.
  await runCompose(['staging', 'set', 'mf_player', '0.3.0', '--canary', '10'], pipeline(), w.ctx);
  await runCompose(['staging', 'set', 'mf_player', '0.3.0'], pipeline(), w.ctx);
  expect((await staging()).document.remotes.mf_player).toMatchObject({ version: '0.3.0' });
  expect((await staging()).document.remotes.mf_player?.canary).toBeUndefined();
  expect(w.log.join('\n')).toMatch(/the canary of mf_player 0\.3\.0 ended with this set/);
  await expect(
    runCompose(['staging', 'promote', 'mf_player', '50'], pipeline(), w.ctx),
  ).rejects.toThrow(/has no canary running/);
});

test('another team’s remote is refused (403 naming the owner, audited); bad input is a clear error', async () => {
  const w = world();
  await expect(
    runCompose(['staging', 'set', 'mf_catalog', '9.9.9', '--canary', '5'], pipeline(), w.ctx),
  ).rejects.toThrow(/owned by team catalog/);
  await expect(runCompose(['staging', 'abort', 'mf_catalog'], pipeline(), w.ctx)).rejects.toThrow(
    /owned by team catalog/,
  );
  expect((await audit()).map((a) => [a.action, a.outcome])).toEqual([
    ['abort', 'refused'],
    ['canary', 'refused'],
  ]);
  for (const args of [
    ['set', 'mf_player', '0.3.0', '--canary', '0'],
    ['set', 'mf_player', '0.3.0', '--canary', '100'],
    ['set', 'mf_player', '0.3.0', '--canary', '5.5'],
    ['promote', 'mf_player', '1'],
    ['promote', 'mf_player', '101'],
  ])
    await expect(runCompose(['staging', ...args], pipeline(), w.ctx)).rejects.toThrow(
      /must be a whole percent/,
    );
  await expect(runCompose(['staging', 'promote', 'mf_player'], pipeline(), w.ctx)).rejects.toThrow(
    /^usage:/,
  );
  await expect(
    runCompose(['staging', 'check', 'mf_player', '--canary', '5'], pipeline(), w.ctx),
  ).rejects.toThrow(/^usage:/);
  // On a document file there is no canary: said, nothing written.
  await expect(
    runCompose(['staging', 'abort', 'mf_player', '--file', '/nonexistent.json'], {}, w.ctx),
  ).rejects.toThrow(/kept by the control plane: set DELIVERY_URL and DELIVERY_TOKEN/);
  expect((await staging()).revision).toBe(1);
});

test('the routes: a stale revision is 409 with the current one; a canary of the stable entry is 422', async () => {
  const token = (await app.controlPlane.tokens.create({ team: 'player' })).token;
  const view = await staging();
  const stable = view.document.remotes.mf_player!;
  const base = '/v1/environments/staging/remotes/mf_player/canary';
  const start = (ifRevision: number, m: string, percent = 5) =>
    app.inject({
      method: 'POST',
      url: base,
      headers: bearer(token),
      payload: { ifRevision, percent, entry: { manifest: m, version: '7.0.0' } },
    });
  expect((await start(1, stable.manifest)).json()).toMatchObject({ error: 'canary-is-stable' });
  const ok = await start(1, manifest('7.0.0'));
  expect(ok.statusCode).toBe(200);
  expect(ok.headers.etag).toBe('"r2"');
  const stale = await start(1, manifest('7.0.1'));
  expect(stale.statusCode).toBe(409);
  expect(stale.json()).toMatchObject({ error: 'stale-revision', currentRevision: 2 });
  const badPercent = await start(2, manifest('7.0.1'), 100);
  expect(badPercent.statusCode).toBe(400);
  const promote = await app.inject({
    method: 'POST',
    url: `${base}/promote`,
    headers: bearer(token),
    payload: { ifRevision: 2, percent: 50 },
  });
  expect(promote.json().document.remotes.mf_player.canary.percent).toBe(50);
  expect((await staging()).revision).toBe(3);
});
