/**
 * Two API instances (separate processes, as deployed) on one fresh PostgreSQL database behind the
 * round-robin proxy, and the HTTP helpers the cluster tests call them with. One short clip keeps media
 * generation to a few seconds; DEV_ROUTES lets sign-up codes be read from the outbox.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startInstance,
  startRoundRobinProxy,
  type Instance,
  type RoundRobinProxy,
} from './instances';
import { createTestDatabase, type TestDatabase } from './test-database';

export const CLUSTER_MEDIA_CLIP = 'trailer-01';

export interface Cluster {
  database: TestDatabase;
  /** Holds `media` (shared by both) and each instance's data folder (`a`, `b`). */
  dir: string;
  a: Instance;
  b: Instance;
  proxy: RoundRobinProxy;
  stop(): Promise<void>;
}

export async function startCluster(name: string): Promise<Cluster> {
  const database = await createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), `streamflix-${name}-`));
  const mediaDir = path.join(dir, 'media');
  mkdirSync(mediaDir);
  const common = {
    databaseUrl: database.url,
    mediaDir,
    // Shared by both, or a token signed by one is refused by the other.
    jwtSecret: `${name}-test-secret-long-enough-for-hs256`,
    env: {
      MEDIA_CLIPS: CLUSTER_MEDIA_CLIP,
      MEDIA_CLIP_SECONDS: '3',
      SCRYPT_LOG2N: '10',
      DEV_ROUTES: '1',
    },
  };
  const [a, b] = await Promise.all([
    startInstance({ ...common, name: 'A', dataDir: path.join(dir, 'a') }),
    startInstance({ ...common, name: 'B', dataDir: path.join(dir, 'b') }),
  ]);
  const proxy = await startRoundRobinProxy([a.url, b.url]);
  return {
    database,
    dir,
    a,
    b,
    proxy,
    async stop() {
      await proxy.close();
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Envelope {
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export const json = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as Envelope,
});

export const post = (base: string, url: string, payload: unknown, token?: string) =>
  fetch(`${base}/v1${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(payload),
  }).then(json);

export const get = (base: string, url: string, token: string) =>
  fetch(`${base}/v1${url}`, { headers: { authorization: `Bearer ${token}` } }).then(json);

let viewers = 0;

/** A new viewer signed up through `base`: the code email is read from whichever instance wrote it. */
export async function registerViewer(base: string, label: string) {
  viewers += 1;
  const email = `${label.toLowerCase()}${viewers}-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const started = await post(base, '/auth/register', {
    name: `${label} Viewer ${viewers}`,
    email,
    password,
    country: 'US',
  });
  expect(started.status).toBe(202);
  // The code email is written after the answer, by whichever instance took the request.
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const outbox = await fetch(`${base}/v1/dev/outbox?email=${encodeURIComponent(email)}`).then(
      json,
    );
    code = outbox.body.data.messages.find((m: { kind: string }) => m.kind === 'sign-up-code')?.code;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const res = await post(base, '/auth/register/verify', {
    signUpId: started.body.data.signUpId,
    code,
  });
  expect(res.status).toBe(201);
  return { email, password, id: res.body.data.user.id as string, tokens: res.body.data.tokens };
}
