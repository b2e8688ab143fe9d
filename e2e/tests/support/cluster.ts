import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  startInstance,
  startRoundRobinProxy,
  type Instance,
  type RoundRobinProxy,
} from '../../../api/src/test/instances';
import { E2E } from './env';
import { answers, localVersion } from './local-builds';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPostgres } = require('../../../api/scripts/postgres-server.cjs') as {
  startPostgres: () => Promise<{ url: string; stop: () => void }>;
};

const ROOT = path.resolve(__dirname, '../../..');

/**
 * The product as it runs at scale: PostgreSQL, two API instances (separate processes) behind a
 * round-robin proxy, and the built shell served with a composition document whose API is the proxy.
 * The remotes are the ones the browser tests' web server already serves.
 */
export interface Cluster {
  instances: Instance[];
  proxy: RoundRobinProxy;
  /** The API as the browser knows it: the proxy. */
  apiUrl: string;
  shellUrl: string;
  /** Stops everything it started, whatever state it is in; safe to call twice. */
  stop(): Promise<void>;
}

export async function startCluster(options: { mediaClips: string[] }): Promise<Cluster> {
  const work = path.join(os.tmpdir(), `streamflix-failover-e2e-${E2E.failoverShellPort}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const children: ChildProcess[] = [];
  const instances: Instance[] = [];
  let database: { url: string; stop: () => void } | null = null;
  let proxy: RoundRobinProxy | null = null;
  let stopped = false;
  const shellUrl = `http://localhost:${E2E.failoverShellPort}`;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await proxy?.close();
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.stop()));
    database?.stop();
    rmSync(work, { recursive: true, force: true });
  };
  // A worker that dies without its afterAll still takes the processes with it.
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
    database?.stop();
  });
  try {
    database = await startPostgres();
    const common = {
      databaseUrl: database.url,
      // The clips are shared with the browser tests' API (generated once, served by every instance).
      mediaDir: E2E.mediaDir,
      jwtSecret: 'instance-failure-e2e-secret-long-enough-for-hs256',
      env: {
        MEDIA_CLIPS: options.mediaClips.join(','),
        DEV_ROUTES: '1',
        PUBLIC_WRITE_LIMIT: '1000',
        CORS_ORIGINS: shellUrl,
        LOG_LEVEL: 'warn',
      },
    };
    // One after the other: two first starts on one database at once is the multi-instance test's
    // subject; here it would only slow a loaded machine.
    instances.push(await startInstance({ ...common, name: 'A', dataDir: path.join(work, 'a') }));
    instances.push(await startInstance({ ...common, name: 'B', dataDir: path.join(work, 'b') }));
    proxy = await startRoundRobinProxy(instances.map((i) => i.url));
    const apiUrl = proxy.url.replace('127.0.0.1', 'localhost');

    const doc = path.join(work, 'composition.json');
    // Each remote as built here: its range is the version in its package.json, so a release does not
    // leave this composition asking for the last one.
    const remote = (r: { dir: string; port: number }) => ({
      manifest: `http://localhost:${r.port}/mf-manifest.json`,
      version: `^${localVersion(r.dir)}`,
    });
    writeFileSync(
      doc,
      JSON.stringify({
        environment: 'failover',
        api: apiUrl,
        remotes: Object.fromEntries(E2E.remotes.map((r) => [r.name, remote(r)])),
        services: {},
      }),
    );
    children.push(
      spawn(
        process.execPath,
        [
          path.join(ROOT, 'shell/scripts/serve.mjs'),
          path.join(ROOT, 'shell/dist'),
          String(E2E.failoverShellPort),
          '--composition',
          doc,
        ],
        { stdio: 'ignore' },
      ),
    );
    await answers(`${shellUrl}/composition.json`);
    return { instances, proxy, apiUrl, shellUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
