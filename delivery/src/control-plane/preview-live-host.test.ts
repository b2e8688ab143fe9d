/** @jest-environment node */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ControlPlaneClient } from './client';
import type { CompositionDocument } from './schemas';
import { startLiveHost } from './test/live-host';
import { buildTestControlPlane, seedDocument } from './test/test-control-plane';

/**
 * A preview link from the control plane to the viewer: the control plane signs it, the shell's host
 * (shell/scripts/serve.mjs, live from the control plane) verifies it offline with the published keys
 * and refuses a tampered, expired or other-environment link saying why; a key rotation reaches the
 * host. And the tab's version check: an ETag that changes only when the viewer's entries do.
 */
const PR_MANIFEST = 'https://pr-builds.example.test/mf-player/pr-42/mf-manifest.json';
const allowing = (environment: string): CompositionDocument => ({
  ...seedDocument(environment),
  shell: `https://${environment}.example.test/mf-manifest.json`,
  overrides: { allowedOrigins: [], previews: true } as CompositionDocument['overrides'],
});

let base: string;
let app: FastifyInstance;
let host: ChildProcess;
let origin: string;
let client: ControlPlaneClient;
let clock = Date.now();

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'preview-live-host-'));
  const dist = path.join(base, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>shell</body></html>');
  app = await buildTestControlPlane({
    seeds: [allowing('staging'), allowing('pr-7')],
    now: () => new Date(clock),
  });
  const controlPlane = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = await app.controlPlane.tokens.create({ team: 'player' });
  client = new ControlPlaneClient({ url: controlPlane, token });
  const started = startLiveHost(dist, controlPlane, path.join(base, 'last-good.json'));
  host = started.host;
  origin = await started.origin;
});
afterAll(async () => {
  host.kill();
  await app.close();
  rmSync(base, { recursive: true, force: true });
});

/** `read()` until it gives `want`, for up to 5 s (the host learns in the background). */
async function until<T>(read: () => Promise<T>, want: T): Promise<T> {
  const deadline = Date.now() + 5000;
  let got = await read();
  while (got !== want && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    got = await read();
  }
  return got;
}

const link = (environment = 'staging', ttlSeconds = 3600) =>
  client.preview(environment, {
    remote: 'mf_player',
    manifest: PR_MANIFEST,
    version: '0.3.0',
    ttlSeconds,
  });
const check = async (token: string) => {
  const res = await fetch(`${origin}/preview.json?token=${encodeURIComponent(token)}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

test('a link the control plane signed opens its build on the host; altered, expired or elsewhere it is refused, saying why', async () => {
  const { token, expiresAt } = await link();
  expect(await check(token)).toEqual({
    status: 200,
    body: expect.objectContaining({
      ok: true,
      remote: 'mf_player',
      manifest: PR_MANIFEST,
      version: '0.3.0',
      expiresAt,
    }),
  });

  const [body, signature] = token.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, exp: Number(claims.exp) + 86400 }));
  expect(await check(`${forged.toString('base64url')}.${signature}`)).toEqual({
    status: 403,
    body: expect.objectContaining({
      ok: false,
      reason: 'tampered',
      message: expect.stringMatching(/changed after it was signed/),
    }),
  });

  clock = Date.now() - 2 * 3600_000;
  const expired = await link('staging', 3600);
  clock = Date.now();
  expect((await check(expired.token)).body).toMatchObject({
    reason: 'expired',
    message: expect.stringMatching(/^This preview link expired at \d{4}-\d\d-\d\d \d\d:\d\d UTC/),
  });

  const elsewhere = await link('pr-7');
  expect((await check(elsewhere.token)).body).toMatchObject({
    reason: 'wrong-environment',
    message: 'This preview link is for the pr-7 environment, and this is staging.',
  });
});

test('after a key rotation the host learns the new key when a link names it, and links of the old key still open', async () => {
  const before = await link();
  await app.controlPlane.previewKeys.rotate();
  const after = await link();
  expect(after.keyId).not.toBe(before.keyId);
  expect(await until(async () => (await check(after.token)).status, 200)).toBe(200);
  expect((await check(before.token)).status).toBe(200);
});

test("an open tab's version check: 304 while its entries stand, a new body and ETag after a compose", async () => {
  const first = await fetch(`${origin}/composition-versions.json`);
  const etag = first.headers.get('etag')!;
  const body = (await first.json()) as { remotes: Record<string, { manifest: string }> };
  expect(body.remotes.mf_player!.manifest).toBe(
    seedDocument('staging').remotes.mf_player!.manifest,
  );
  const again = await fetch(`${origin}/composition-versions.json`, {
    headers: { 'if-none-match': etag },
  });
  expect(again.status).toBe(304);
  const view = await client.getEnvironment('staging');
  await client.editRemote('staging', 'mf_player', () => ({
    entry: { ...view.document.remotes.mf_player!, manifest: PR_MANIFEST, version: '0.3.0' },
  }));
  const status = () =>
    fetch(`${origin}/composition-versions.json`, { headers: { 'if-none-match': etag } }).then(
      (r) => r.status,
    );
  expect(await until(status, 200)).toBe(200);
});
