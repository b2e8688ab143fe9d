/** @jest-environment node */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ControlPlaneClient } from './client';
import { startLiveHost } from './test/live-host';
import { buildTestControlPlane } from './test/test-control-plane';

/**
 * A canary from the control plane to the viewer: a pipeline starts and promotes it, the shell's host
 * (shell/scripts/serve.mjs, live from the control plane) serves each viewer the document of its arm.
 */

let base: string;
let app: FastifyInstance;
let host: ChildProcess;
let origin: string;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'canary-live-host-'));
  const dist = path.join(base, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>shell</body></html>');
  app = await buildTestControlPlane();
  const controlPlane = await app.listen({ port: 0, host: '127.0.0.1' });
  const started = startLiveHost(dist, controlPlane, path.join(base, 'last-good.json'));
  host = started.host;
  origin = await started.origin;
});
afterAll(async () => {
  host.kill();
  await app.close();
  rmSync(base, { recursive: true, force: true });
});

type Arms = Record<string, { arm: string; percent?: number }>;
const viewers = Array.from(
  { length: 40 },
  (_, i) => `sf_viewer=live-viewer-${String(i).padStart(8, '0')}`,
);
const armsOf = async (cookie: string) =>
  (await (await fetch(`${origin}/composition-source.json`, { headers: { cookie } })).json()) as {
    revision: number;
    arms: Arms;
  };
const inlinedManifest = async (cookie: string) => {
  const html = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
  const m = /<script id="sf-composition" type="application\/json">(.*?)<\/script>/.exec(html);
  return (JSON.parse(m![1]!) as { remotes: { mf_player: { manifest: string } } }).remotes.mf_player
    .manifest;
};
async function untilRevision(revision: number) {
  const deadline = Date.now() + 15_000;
  while ((await armsOf(viewers[0]!)).revision !== revision && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
}

test('start at 10% → promote to 50% (no viewer leaves the canary) → 100%: each viewer gets its arm', async () => {
  const token = (await app.controlPlane.tokens.create({ team: 'player' })).token;
  const pipeline = new ControlPlaneClient({
    url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    token,
  });
  const stable = (await pipeline.getEnvironment('staging')).document.remotes.mf_player!.manifest;
  const canary = 'https://cdn.example.test/mf-player/3.0.0/mf-manifest.json';
  await pipeline.editCanary('staging', 'mf_player', 'start', () => ({
    entry: { manifest: canary, version: '3.0.0' },
    percent: 10,
  }));
  await untilRevision(2);
  const at10 = new Map<string, string>();
  for (const v of viewers) {
    const { arms } = await armsOf(v);
    expect(arms.mf_player).toMatchObject({ percent: 10 });
    at10.set(v, arms.mf_player!.arm);
    expect(await inlinedManifest(v)).toBe(arms.mf_player!.arm === 'canary' ? canary : stable);
  }
  // These 40 keys put 5 viewers in the canary at 10% (flagd's hash is deterministic).
  expect([...at10.values()].filter((a) => a === 'canary')).toHaveLength(5);

  await pipeline.editCanary('staging', 'mf_player', 'promote', () => ({ percent: 50 }));
  await untilRevision(3);
  let inCanary = 0;
  for (const v of viewers) {
    const { arm } = (await armsOf(v)).arms.mf_player!;
    if (at10.get(v) === 'canary') expect(arm).toBe('canary');
    if (arm === 'canary') inCanary++;
  }
  expect(inCanary).toBeGreaterThan([...at10.values()].filter((a) => a === 'canary').length);

  await pipeline.editCanary('staging', 'mf_player', 'promote', () => ({ percent: 100 }));
  await untilRevision(4);
  for (const v of viewers.slice(0, 5)) {
    expect((await armsOf(v)).arms.mf_player).toEqual({ arm: 'stable', version: '3.0.0' });
    expect(await inlinedManifest(v)).toBe(canary);
  }
});
