/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveArms } from './canary-arms.cjs';
import { MAX_BYTES, signalsEndpoint } from './signals-endpoint.cjs';

/**
 * The shell host's POST /signals on a real HTTP server, forwarding to a real receiver standing in for
 * the control plane: what reaches it is checked and stamped with the viewer's arm.
 */
const canaryDoc = {
  environment: 'staging',
  remotes: {
    mf_player: {
      manifest: 'https://cdn.example/mf-player/1.0.0/mf-manifest.json',
      version: '1.0.0',
      canary: {
        entry: {
          manifest: 'https://cdn.example/mf-player/1.1.0/mf-manifest.json',
          version: '1.1.0',
        },
        percent: 50,
        startedAt: '2026-01-01T00:00:00.000Z',
      },
    },
  },
};

let host: Server;
let receiver: Server;
let origin: string;
const forwarded: Array<{
  url: string;
  body: { session: string; reports: Array<Record<string, unknown>> };
}> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      forwarded.push({ url: req.url!, body: JSON.parse(body) });
      res.writeHead(202).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const handle = signalsEndpoint({
    controlPlane: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
    environment: 'staging',
    source: { read: () => ({ doc: canaryDoc }) },
    perMinute: 12,
    log: () => undefined,
  });
  host = createServer((req, res) => {
    if (!handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => host.close(r));
  await new Promise((r) => receiver.close(r));
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/signals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

/** A viewer key on the given arm of mf_player's canary. */
function viewerOn(arm: 'stable' | 'canary') {
  for (let i = 0; ; i++) {
    const key = `viewer-key-${String(i).padStart(8, '0')}`;
    if (resolveArms(canaryDoc, key).arms.mf_player!.arm === arm) return key;
  }
}

test('a batch is forwarded to the control plane with each report on its arm', async () => {
  const key = viewerOn('canary');
  const res = await post(
    JSON.stringify({
      session: 'session-00000001',
      reports: [
        { kind: 'session', remote: 'mf_player', version: '1.1.0' },
        // A tab opened before the canary began still runs the stable version: it reports as stable.
        { kind: 'boundary', remote: 'mf_player', version: '1.0.0', arm: 'canary', count: 2 },
      ],
    }),
    // What sendBeacon sends a string as.
    { cookie: `sf_viewer=${key}`, 'content-type': 'text/plain;charset=UTF-8' },
  );
  expect(res.status).toBe(202);
  // The host answers the beacon first and forwards after.
  for (let i = 0; i < 100 && forwarded.length === 0; i++)
    await new Promise((r) => setTimeout(r, 20));
  expect(forwarded[0]).toEqual({
    url: '/v1/environments/staging/signals',
    body: {
      session: 'session-00000001',
      reports: [
        { kind: 'session', remote: 'mf_player', version: '1.1.0', arm: 'canary' },
        { kind: 'boundary', remote: 'mf_player', version: '1.0.0', arm: 'stable', count: 2 },
      ],
    },
  });
});

test('refuses what is not a batch, too large, another origin, another type or a flood, and keeps serving', async () => {
  const before = forwarded.length;
  expect((await post('{not json')).status).toBe(400);
  const bad = await post(JSON.stringify({ session: 'session-00000001', reports: [{ kind: 'x' }] }));
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: string }).error).toMatch(/reports\[0\]\.kind/);
  const big = JSON.stringify({
    session: 'session-00000001',
    reports: [{ kind: 'session', remote: 'mf_player', version: 'v'.repeat(MAX_BYTES) }],
  });
  expect((await post(big)).status).toBe(413);
  expect((await post('{}', { origin: 'https://elsewhere.example' })).status).toBe(403);
  expect((await post('{}', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(
    415,
  );
  expect((await post('{}', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  expect((await fetch(`${origin}/signals`)).status).toBe(405);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) statuses.push((await post('{}')).status);
  expect(statuses).toContain(429);
  expect(forwarded.length).toBe(before);
});
