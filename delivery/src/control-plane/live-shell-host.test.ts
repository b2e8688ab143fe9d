/** @jest-environment node */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ControlPlaneClient } from './client';
import { startLiveHost } from './test/live-host';
import { buildTestControlPlane } from './test/test-control-plane';

/** The shell's host (shell/scripts/serve.mjs) reading its environment from a real control plane. */

let base: string;
let dist: string;
let lastGood: string;
let app: FastifyInstance;
let controlPlane: string;
const hosts: ChildProcess[] = [];
/** What the control plane answered the host, in order (200 then 304s while nothing changes). */
const answered: number[] = [];

function startHost(): Promise<string> {
  const { host, origin } = startLiveHost(dist, controlPlane, lastGood);
  hosts.push(host);
  return origin;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const inlined = async (origin: string) => {
  const html = await (await fetch(`${origin}/`)).text();
  const m = /<script id="sf-composition" type="application\/json">(.*?)<\/script>/.exec(html);
  return m
    ? (JSON.parse(m[1]!) as { remotes: { mf_player: { version: string; manifest: string } } })
    : null;
};
const source = async (origin: string) =>
  (await fetch(`${origin}/composition-source.json`)).json() as Promise<Record<string, unknown>>;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'live-shell-host-'));
  dist = path.join(base, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>shell</body></html>');
  lastGood = path.join(base, 'last-good', 'staging.json');
  app = await buildTestControlPlane();
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' && request.url === '/v1/environments/staging')
      answered.push(reply.statusCode);
  });
  controlPlane = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const host of hosts) host.kill();
  await app.close().catch(() => undefined);
  rmSync(base, { recursive: true, force: true });
});

test('serves the control plane’s document, and a compose reaches the next page load without a restart', async () => {
  const origin = await startHost();
  expect((await inlined(origin))?.remotes.mf_player.version).toBe('1.0.0');
  const res = await fetch(`${origin}/composition.json`);
  expect(res.headers.get('x-composition-revision')).toBe('1');
  expect(await source(origin)).toMatchObject({
    source: 'control-plane',
    environment: 'staging',
    revision: 1,
    reachable: true,
    fromDisk: false,
  });
  // Revalidated with the ETag: nothing changed, so the control plane answers 304.
  await until(
    async () => answered.filter((s) => s === 304).length,
    (n) => n >= 2,
  );
  expect(answered[0]).toBe(200);
  expect(answered.slice(1).every((s) => s === 304)).toBe(true);

  const token = (await app.controlPlane.tokens.create({ team: 'player' })).token;
  const client = new ControlPlaneClient({ url: controlPlane, token });
  const manifest = 'https://cdn.example.test/mf-player/2.0.0/mf-manifest.json';
  const composedAt = Date.now();
  await client.editRemote('staging', 'mf_player', () => ({
    entry: { manifest, version: '2.0.0' },
  }));
  const next = await until(
    () => inlined(origin),
    (doc) => doc?.remotes.mf_player.version === '2.0.0',
  );
  expect(next?.remotes.mf_player.manifest).toBe(manifest);
  expect(Date.now() - composedAt).toBeLessThan(5000);
  expect(JSON.parse(readFileSync(lastGood, 'utf8'))).toMatchObject({
    environment: 'staging',
    revision: 2,
  });
});

test('keeps serving the last document when the control plane goes away, says so, and survives its own restart', async () => {
  const origin = await startHost();
  await until(
    () => source(origin),
    (s) => s.revision === 2,
  );
  await app.close();
  const down = await until(
    () => source(origin),
    (s) => s.reachable === false,
  );
  expect(down).toMatchObject({ revision: 2, reachable: false, fromDisk: false });
  expect(down.problem).toMatch(/^unreachable/);
  expect(Date.parse(String(down.failingSince))).not.toBeNaN();
  expect((await inlined(origin))?.remotes.mf_player.version).toBe('2.0.0');
  const res = await fetch(`${origin}/composition.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('x-control-plane-failing-since')).toBe(down.failingSince);

  // A host started while the control plane is down serves the copy it kept on disk.
  const restarted = await startHost();
  expect((await inlined(restarted))?.remotes.mf_player.version).toBe('2.0.0');
  expect(await source(restarted)).toMatchObject({ revision: 2, reachable: false, fromDisk: true });
});
