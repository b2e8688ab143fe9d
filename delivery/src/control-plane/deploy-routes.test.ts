import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FolderStore } from '../build-store/folder-store';
import { sampleBuild } from '../build-store/test/sample-build';
import type { AuditRow } from './schemas';
import { bearer, buildTestControlPlane } from './test/test-control-plane';
import { uploadBody } from './test/upload';

const PLAYER = 'mf_player';
const url = (version: string, remote = PLAYER) => `/v1/remotes/${remote}/versions/${version}`;

describe('deploying builds through the control plane (folder store)', () => {
  let app: FastifyInstance;
  let root: string;
  let player: string;
  let catalog: string;
  let stagingOwner: string;

  beforeEach(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sf-cp-builds-'));
    app = await buildTestControlPlane({
      builds: new FolderStore(root, 'https://builds.example.test'),
    });
    player = (await app.controlPlane.tokens.create({ team: 'player' })).token;
    catalog = (await app.controlPlane.tokens.create({ team: 'catalog' })).token;
    stagingOwner = (await app.controlPlane.tokens.create({ environmentOwner: 'staging' })).token;
  });
  afterEach(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const deploy = (
    token: string,
    version: string,
    files = sampleBuild(PLAYER, version).files,
    remote = PLAYER,
  ) =>
    app.inject({
      method: 'PUT',
      url: url(version, remote),
      headers: bearer(token),
      payload: uploadBody(files),
    });
  const deploys = async () => {
    const res = await app.inject({ url: '/v1/audit?remote=mf_player', headers: bearer(player) });
    return res.json<{ items: AuditRow[] }>().items.filter((r) => r.action === 'deploy');
  };

  test('the owning team deploys a version; it is listed with its manifest URL and integrity', async () => {
    const { files, record } = sampleBuild(PLAYER, '1.2.0');
    const res = await deploy(player, '1.2.0', files);
    expect(res.statusCode).toBe(201);
    const manifest = 'https://builds.example.test/mf-player/1.2.0/mf-manifest.json';
    expect(res.json()).toMatchObject({ ...record, manifest, created: true });
    expect(readFileSync(path.join(root, 'mf-player', '1.2.0', 'remoteEntry.js'))).toEqual(
      files[1]!.bytes,
    );

    const list = await app.inject({ url: '/v1/remotes/mf_player/versions' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [{ ...record, manifest }] });
    const one = await app.inject({ url: '/v1/remotes/mf_player/versions/1.2.0' });
    expect(one.json()).toEqual({ ...record, manifest });
    expect((await app.inject({ url: '/v1/remotes/mf_player/versions/9.9.9' })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: '/v1/remotes/mf_catalog/versions' })).json()).toEqual({
      items: [],
    });

    expect(await deploys()).toEqual([
      expect.objectContaining({
        outcome: 'applied',
        team: 'player',
        toVersion: '1.2.0',
        environment: '',
      }),
    ]);
  });

  test('the same bytes again answer 200; other bytes for a published version answer 409', async () => {
    expect((await deploy(player, '1.2.0')).statusCode).toBe(201);
    const again = await deploy(player, '1.2.0');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false });
    const other = await deploy(player, '1.2.0', sampleBuild(PLAYER, '1.2.0', 'b').files);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      error: 'version-exists',
      message: expect.stringMatching(/mf-player 1\.2\.0 is already published with other bytes/),
    });
    expect((await deploys()).map((r) => r.outcome)).toEqual(['refused', 'applied', 'applied']);
  });

  test("another team's token is refused with 403 naming the owner, and the refusal is audited", async () => {
    const res = await deploy(catalog, '1.2.0');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', owner: 'player' });
    expect(res.json().message).toMatch(
      /mf_player is owned by team player; this token is team catalog's/,
    );
    const owner = await deploy(stagingOwner, '1.2.0');
    expect(owner.statusCode).toBe(403);
    expect(owner.json().message).toMatch(
      /environment-owner token \(staging\) composes builds but does not deploy/,
    );
    expect(await deploys()).toEqual([
      expect.objectContaining({ outcome: 'refused', team: null, environmentOwner: 'staging' }),
      expect.objectContaining({ outcome: 'refused', team: 'catalog', toVersion: '1.2.0' }),
    ]);
    expect((await app.inject({ url: '/v1/remotes/mf_player/versions' })).json()).toEqual({
      items: [],
    });
  });

  test('serves the folder store as a CDN would: cache headers, content types, CORS', async () => {
    const { files, record } = sampleBuild(PLAYER, '1.2.0');
    await deploy(player, '1.2.0', files);
    const entry = await app.inject({ url: '/builds/mf-player/1.2.0/remoteEntry.js' });
    expect(entry.statusCode).toBe(200);
    expect(entry.rawPayload).toEqual(files[1]!.bytes);
    expect(entry.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
    });
    const chunk = await app.inject({ url: '/builds/mf-player/1.2.0/static/css/417.b1444617.css' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-type']).toBe('text/css; charset=utf-8');
    const manifest = await app.inject({ url: '/builds/mf-player/1.2.0/deployment.json' });
    expect(manifest.json()).toEqual(record);
    for (const missing of ['mf-player/1.2.0/nope.js', 'mf-player/1.2.0', 'mf-player/..%2F..%2Fx'])
      expect((await app.inject({ url: `/builds/${missing}` })).statusCode).toBe(404);
  });

  test('a bad build is refused with what is wrong, and nothing is written', async () => {
    const { files } = sampleBuild(PLAYER, '1.2.0');
    const tampered = files.map((f) =>
      f.path === 'remoteEntry.js' ? { ...f, bytes: Buffer.from('x') } : f,
    );
    const res = await deploy(player, '1.2.0', tampered);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid-build',
      message: expect.stringMatching(/but its bytes are sha384-/),
    });
    const escape = await deploy(player, '1.2.0', [
      ...files,
      { path: '../x.js', bytes: Buffer.from('') },
    ]);
    expect(escape.statusCode).toBe(400);
    const wrongVersion = await deploy(player, '1.3.0', files);
    expect(wrongVersion.json().message).toMatch(/is for mf_player 1\.2\.0, not mf_player 1\.3\.0/);
    expect((await deploy(player, 'latest')).statusCode).toBe(400);
    expect((await deploy(player, '1.2.0', files, 'mf_nothing')).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'PUT',
      url: url('1.2.0'),
      payload: uploadBody(files),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ url: '/v1/remotes/mf_player/versions' })).json()).toEqual({
      items: [],
    });
  });
});
