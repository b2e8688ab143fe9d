import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { runDeliveryCli } from './cli';
import {
  bearer,
  buildCheckedControlPlane,
  seedDocument,
  TEST_REGISTRY,
} from './test/test-control-plane';
import { createPostgresDatabase, onPostgres } from './test/test-database';

const REPO_ROOT = path.resolve(__dirname, '../../..');

/** `npm run delivery -- token …` against the database a control plane serves from. */
describe('the token CLI', () => {
  let env: NodeJS.ProcessEnv;
  let cleanUp: () => Promise<void>;
  let app: FastifyInstance;

  beforeEach(async () => {
    if (onPostgres()) {
      const database = await createPostgresDatabase();
      env = { CONTROL_PLANE_DATABASE_URL: database.url };
      cleanUp = database.drop;
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'control-plane-cli-'));
      env = { CONTROL_PLANE_DATA_DIR: dir };
      cleanUp = async () => rmSync(dir, { recursive: true, force: true });
    }
    app = await buildCheckedControlPlane({
      ...(env.CONTROL_PLANE_DATABASE_URL
        ? { databaseUrl: env.CONTROL_PLANE_DATABASE_URL }
        : { dataDir: env.CONTROL_PLANE_DATA_DIR }),
      seeds: [seedDocument('staging')],
    });
  });
  afterEach(async () => {
    await app.close();
    await cleanUp();
  });

  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runDeliveryCli(argv, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env,
      registry: TEST_REGISTRY,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const move = (token: string, remote: string) =>
    app.inject({
      method: 'PUT',
      url: `/v1/environments/staging/remotes/${remote}`,
      headers: bearer(token),
      payload: {
        ifRevision: 1,
        entry: {
          manifest: `https://cdn.example.test/${remote}/2.0.0/mf-manifest.json`,
          version: '2.0.0',
        },
      },
    });

  test('token create prints a token, alone on stdout, that the control plane accepts for its team only', async () => {
    const created = await run('token', 'create', '--team', 'player', '--ttl-days', '30');
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^sfcp_\S+$/);
    expect(created.err).toMatch(
      /Created tok_\w+ for team player, valid until .*shown only this once/,
    );
    expect((await move(created.out, 'mf_catalog')).statusCode).toBe(403);
    expect((await move(created.out, 'mf_player')).statusCode).toBe(200);
  });

  test('token create --env-owner makes a token for every remote of one environment', async () => {
    const created = await run('token', 'create', '--env-owner', 'staging');
    expect(created.code).toBe(0);
    expect((await move(created.out, 'mf_checkout')).statusCode).toBe(200);
  });

  test('token list shows scopes and status, never the token; token revoke stops it at once', async () => {
    const { out: token, err } = await run('token', 'create', '--team', 'catalog');
    const id = /Created (tok_\w+)/.exec(err)![1]!;
    const listed = await run('token', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`${id}\\tteam catalog\\tactive\\t`));
    expect(listed.out).not.toContain(token);
    const revoked = await run('token', 'revoke', id);
    expect(revoked).toMatchObject({ code: 0, out: expect.stringMatching(`Revoked ${id}`) });
    expect((await run('token', 'list')).out).toMatch(new RegExp(`${id}\\tteam catalog\\trevoked`));
    expect((await move(token, 'mf_catalog')).statusCode).toBe(401);
  });

  test('bad input is refused with a clear message and creates nothing', async () => {
    expect(await run('token', 'create', '--team', 'marketing')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/no team "marketing"/),
    });
    expect(await run('token', 'create')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/exactly one of --team and --env-owner/),
    });
    expect(
      await run('token', 'create', '--team', 'player', '--env-owner', 'staging'),
    ).toMatchObject({ code: 2 });
    expect(await run('token', 'create', '--team', 'player', '--ttl-days', 'ten')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--ttl-days must be a whole number/),
    });
    expect(await run('token', 'revoke', 'tok_nope')).toMatchObject({ code: 1 });
    expect(await run('token', 'destroy')).toMatchObject({ code: 2 });
    expect(await run('tokens')).toMatchObject({ code: 2, err: expect.stringMatching(/Usage/) });
    expect((await run('token', 'list')).out).toMatch(/No tokens yet/);
  });

  test('keys rotate: new preview links are signed with a new key, and GET /v1/keys still publishes the old one', async () => {
    const before = (await app.inject({ url: '/v1/keys' })).json<{ keys: { kid: string }[] }>().keys;
    expect(before).toHaveLength(1);
    const rotated = await run('keys', 'rotate');
    expect(rotated.code).toBe(0);
    const kid = /signed with (pk_\w+)/.exec(rotated.out)![1];
    const after = (await app.inject({ url: '/v1/keys' })).json<{ keys: { kid: string }[] }>().keys;
    expect(after.map((k) => k.kid)).toEqual([kid, before[0]!.kid]);
    const listed = await run('keys', 'list');
    expect(listed.out).toContain(`${kid}\t`);
    expect(listed.out).toMatch(new RegExp(`${kid}\\t\\S+\\t\\(signing\\)`));
    expect(await run('keys', 'spin')).toMatchObject({ code: 2 });
  });

  test('npm run delivery -- token create runs the CLI from the repository root', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'delivery', '--', 'token', 'create', '--team', 'player'],
      { cwd: REPO_ROOT, env: { ...process.env, ...env } },
    );
    const token = stdout.trim();
    expect(token).toMatch(/^sfcp_\S+$/);
    expect((await move(token, 'mf_player')).statusCode).toBe(200);
  });
});
