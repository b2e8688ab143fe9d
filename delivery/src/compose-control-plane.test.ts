/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { ComposeError, runCompose } from './compose';
import { ControlPlaneClient } from './control-plane/client';
import type { CompositionDocument } from './control-plane/schemas';
import { buildTestControlPlane } from './control-plane/test/test-control-plane';
import { sriOf } from './deploy';
import { STORE, stagingDocument, world } from './test/compose-world';

/** `npm run compose` with DELIVERY_URL and DELIVERY_TOKEN: a real control plane over HTTP. */
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

test('set, show and rollback act on the control plane, gated, audited, with the CI run', async () => {
  const w = world();
  w.put('0.2.0');
  w.put('0.3.0');
  const env = { ...pipeline(), DELIVERY_CI_RUN: 'https://ci.example.test/runs/7' };
  await runCompose(['staging', 'set', 'mf_player', '0.2.0'], env, w.ctx);
  await runCompose(['staging', 'set', 'mf-player', '0.3.0'], env, w.ctx);
  let view = await staging();
  expect(view.revision).toBe(3);
  expect(view.document.remotes.mf_player).toMatchObject({
    manifest: `${STORE}/mf-player/0.3.0/mf-manifest.json`,
    version: '0.3.0',
    integrity: sriOf(Buffer.from('entry 0.3.0')),
    fallback: { version: '0.2.0' },
  });
  expect(w.log.join('\n')).toMatch(/mf_player is now 0\.3\.0 .* at revision 3 \(audit #\d+\)/);
  const [last] = await audit();
  expect(last).toMatchObject({
    action: 'set',
    team: 'player',
    fromVersion: '0.2.0',
    toVersion: '0.3.0',
    ciRun: 'https://ci.example.test/runs/7',
    gate: { ok: true, problems: [] },
  });

  w.log.length = 0;
  await runCompose(['staging', 'show'], pipeline(), w.ctx);
  expect(w.log.join('\n')).toMatch(/environment staging .* revision 3/);
  expect(w.log.join('\n')).toMatch(/mf_player\s+0\.3\.0.*\(fallback 0\.2\.0\)/);
  expect(w.log.join('\n')).toMatch(/r3 set mf_player 0\.2\.0 → 0\.3\.0 by team player/);

  await runCompose(['staging', 'rollback', 'mf_player'], pipeline(), w.ctx);
  view = await staging();
  expect(view.document.remotes.mf_player?.version).toBe('0.2.0');
  expect((await audit())[0]).toMatchObject({
    action: 'rollback',
    fromVersion: '0.3.0',
    toVersion: '0.2.0',
  });
  // The version before 0.2.0 (the seed's localhost build) no longer answers: the gate refuses it.
  await expect(runCompose(['staging', 'rollback', 'mf_player'], pipeline(), w.ctx)).rejects.toThrow(
    /refused[\s\S]*HTTP 404/,
  );
  expect((await staging()).revision).toBe(4);
});

test('a rival edit between the gate and the write makes it re-gate on the new revision', async () => {
  const w = world();
  w.put('0.2.0');
  w.put('0.3.0');
  const rival = new ControlPlaneClient({ url, token: player });
  let raced = false;
  const gateFetch = w.ctx.fetch;
  const ctx = {
    ...w.ctx,
    fetch: (async (input: string, init?: RequestInit) => {
      // Another pipeline lands 0.2.0 while this one is fetching 0.3.0's manifest, once.
      if (!raced && String(input).endsWith('/0.3.0/mf-manifest.json')) {
        raced = true;
        await rival.editRemote('staging', 'mf_player', (view) => ({
          entry: {
            ...view.document.remotes.mf_player!,
            version: '0.2.0',
            manifest: `${STORE}/mf-player/0.2.0/mf-manifest.json`,
          },
        }));
      }
      return gateFetch(input, init);
    }) as typeof fetch,
  };
  await runCompose(['staging', 'set', 'mf_player', '0.3.0'], pipeline(), ctx);
  expect(w.log.join('\n')).toMatch(/re-gated on the new revision 1 time/);
  const view = await staging();
  expect(view.revision).toBe(3);
  // Gated and written on the rival's revision: the rival's 0.2.0 is what it replaced.
  expect(view.document.remotes.mf_player).toMatchObject({
    version: '0.3.0',
    fallback: { version: '0.2.0' },
  });
  expect((await audit()).map((a) => [a.revision, a.fromVersion, a.toVersion])).toEqual([
    [3, '0.2.0', '0.3.0'],
    [2, expect.any(String), '0.2.0'],
  ]);
});

test('another team’s remote, a refused gate and check write nothing; a half-set pipeline is told what is missing', async () => {
  const w = world();
  w.put('0.2.0');
  w.put('0.4.0', { react: '^20.0.0' });
  w.put('0.2.0', {}, 'catalog entry', 'mf_catalog');
  await expect(
    runCompose(['staging', 'set', 'mf_catalog', '0.2.0'], pipeline(), w.ctx),
  ).rejects.toThrow(/owned by team catalog/);
  // A version this team could never see in the store: still the owner's name, not a gate failure.
  await expect(
    runCompose(['staging', 'set', 'mf_catalog', '9.9.9'], pipeline(), w.ctx),
  ).rejects.toThrow(/owned by team catalog/);
  await expect(
    runCompose(['staging', 'set', 'mf_player', '0.4.0'], pipeline(), w.ctx),
  ).rejects.toThrow(/refused[\s\S]*react \^20\.0\.0/);
  await runCompose(
    [
      'staging',
      'check',
      'mf_player',
      '0.2.0',
      '--manifest',
      `${STORE}/mf-player/0.2.0/mf-manifest.json`,
    ],
    pipeline(),
    w.ctx,
  );
  expect((await staging()).revision).toBe(1);
  expect((await audit()).map((a) => a.outcome)).toEqual(['refused', 'refused']);

  const half = runCompose(['staging', 'show'], { DELIVERY_URL: url }, w.ctx);
  await expect(half).rejects.toThrow(ComposeError);
  await expect(runCompose(['staging', 'show'], { DELIVERY_URL: url }, w.ctx)).rejects.toThrow(
    /DELIVERY_TOKEN is not set/,
  );
  await expect(
    runCompose(['staging', 'show'], pipeline('sfcp_not-a-token'), w.ctx),
  ).rejects.toThrow(/staging: /);
  await expect(runCompose(['staging', 'frobnicate'], pipeline(), w.ctx)).rejects.toThrow(/^usage:/);
});
