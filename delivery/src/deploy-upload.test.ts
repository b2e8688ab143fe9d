/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FolderStore } from './build-store/folder-store';
import { sampleBuild } from './build-store/test/sample-build';
import { ControlPlaneClient } from './control-plane/client';
import { buildTestControlPlane } from './control-plane/test/test-control-plane';
import { DeployError } from './deploy';
import { deployThroughControlPlane, filesUnder } from './deploy-upload';

const VERSION = '0.0.1-upload.1';

/** A stamped build on disk, as buildStamped leaves it. */
function stampedFolder(remote: string, variant = 'a') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-stamped-'));
  const { files, record } = sampleBuild(remote, VERSION, variant);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    writeFileSync(path.join(dir, file.path), file.bytes);
  }
  return { dir, files, record };
}

describe('npm run deploy through the control plane', () => {
  let app: FastifyInstance;
  let url: string;
  let root: string;
  beforeEach(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sf-cp-store-'));
    app = await buildTestControlPlane({
      builds: new FolderStore(root, 'https://builds.example.test'),
    });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => app.close());

  const run = async (token: string, built: string) => {
    const lines: string[] = [];
    const result = await deployThroughControlPlane({
      remote: 'mf-player',
      version: VERSION,
      url,
      token,
      ciRun: 'https://ci.example.test/runs/1',
      built,
      log: (l) => lines.push(l),
    });
    return { result, lines };
  };

  test("uploads the team's stamped build into the control plane's store, and a re-run is a no-op", async () => {
    const token = (await app.controlPlane.tokens.create({ team: 'player' })).token;
    const { dir, files, record } = stampedFolder('mf_player');
    expect(
      filesUnder(dir)
        .map((f) => f.path)
        .sort(),
    ).toEqual(files.map((f) => f.path).sort());

    const { result, lines } = await run(token, dir);
    const manifest = `https://builds.example.test/mf-player/${VERSION}/mf-manifest.json`;
    expect(result).toMatchObject({ manifest, integrity: record.integrity, created: true });
    expect(lines).toContain(`deploy: published ${manifest}`);
    expect(lines).toContain(`deploy: remote entry ${record.integrity}`);
    expect(readFileSync(path.join(root, 'mf-player', VERSION, 'remoteEntry.js'))).toEqual(
      files[1]!.bytes,
    );
    expect((await run(token, dir)).lines).toContain(
      `deploy: mf-player ${VERSION} was already published with these bytes: ${manifest}`,
    );
    const versions = await new ControlPlaneClient({ url, token }).versions('mf_player');
    expect(versions).toEqual([{ ...record, manifest, remote: 'mf_player' }]);

    const other = stampedFolder('mf_player', 'b');
    await expect(run(token, other.dir)).rejects.toThrow(
      /refused the deploy \(HTTP 409\): mf-player 0\.0\.1-upload\.1 is already published with other bytes/,
    );
  });

  test('the client waits out a 503 (Retry-After) and retries', async () => {
    const token = (await app.controlPlane.tokens.create({ team: 'player' })).token;
    const waits: number[] = [];
    let unavailable = 2;
    const client = new ControlPlaneClient({
      url,
      token,
      sleep: async (ms) => void waits.push(ms),
      // The first two answers are what a control plane whose database is down sends.
      fetch: async (input, init) =>
        unavailable-- > 0
          ? new Response(JSON.stringify({ error: 'unavailable', message: 'down' }), {
              status: 503,
              headers: { 'retry-after': '7' },
            })
          : fetch(input, init),
    });
    expect(await client.versions('mf_player')).toEqual([]);
    expect(waits).toEqual([7000, 7000]);
    const impatient = new ControlPlaneClient({
      url,
      token,
      unavailableRetries: 0,
      fetch: async () => new Response('{"error":"unavailable","message":"down"}', { status: 503 }),
    });
    await expect(impatient.versions('mf_player')).rejects.toMatchObject({ status: 503 });
  });

  test("another team's token is refused, naming the owner", async () => {
    const token = (await app.controlPlane.tokens.create({ team: 'account' })).token;
    const attempt = run(token, stampedFolder('mf_player').dir);
    await expect(attempt).rejects.toThrow(DeployError);
    await expect(attempt).rejects.toThrow(
      /^mf_player is owned by team player; this token is team account's/,
    );
  });
});

describe('the deploy CLI', () => {
  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, 'deploy-cli.ts'), ...args],
      {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      },
    );

  test('refuses to guess between a folder and the control plane', () => {
    const res = cli(['mf-player', '--to', '/tmp/store', '--version', VERSION], {
      DELIVERY_URL: 'http://127.0.0.1:9',
      DELIVERY_TOKEN: 'sfcp_x',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(
      '--to /tmp/store and DELIVERY_URL (http://127.0.0.1:9) both name where to deploy',
    );
  });

  test('without DELIVERY_URL it still wants a folder', () => {
    const res = cli(['mf-player'], { DELIVERY_URL: '', DELIVERY_TOKEN: '', DEPLOY_STORE: '' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('usage: npm run deploy -- <remote> --to <store-dir>');
  });
});
