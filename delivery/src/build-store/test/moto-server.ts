import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * A real S3-compatible server for the tests: moto_server (PyPI `moto[server]`), started on a free port
 * and stopped after the file's tests. There is no fallback: without it the tests fail and say how to
 * install it (.ci/run installs it when missing).
 */
export interface MotoServer {
  endpoint: string;
  /** A client with moto's test credentials (the store under test builds its own from the env). */
  client: S3Client;
  /** A new, empty bucket. */
  createBucket(): Promise<string>;
  stop(): Promise<void>;
}

const INSTALL =
  "pip install 'moto[server]' (or python3 -m pip install --break-system-packages 'moto[server]')";

/** moto_server on the PATH (or MOTO_SERVER), or an error that says how to install it. */
function motoBinary(): string {
  const wanted = process.env.MOTO_SERVER || 'moto_server';
  const found = spawnSync('sh', ['-c', 'command -v "$1"', 'sh', wanted], { encoding: 'utf8' });
  const binary = found.stdout.trim();
  if (found.status !== 0 || !binary)
    throw new Error(
      `${wanted} is not installed, and the build-store tests need a real S3-compatible server: ${INSTALL}.`,
    );
  return binary;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(endpoint: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`moto_server exited (${child.exitCode}) before it answered:\n${output()}`);
    try {
      const res = await fetch(`${endpoint}/moto-api/`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`moto_server did not answer at ${endpoint} within 30 s:\n${output()}`);
}

export async function startMoto(): Promise<MotoServer> {
  const binary = motoBinary();
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(binary, ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  // The SDK's default credential chain reads these: the store under test finds them as in production.
  process.env.AWS_ACCESS_KEY_ID = 'testing';
  process.env.AWS_SECRET_ACCESS_KEY = 'testing';
  process.env.AWS_REGION = 'us-east-1';
  try {
    await waitUntilUp(endpoint, child, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  let buckets = 0;
  return {
    endpoint,
    client,
    async createBucket() {
      const bucket = `builds-${process.pid}-${++buckets}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        client.destroy();
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
