/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { keyFromJwk, verifyPreview } from './preview-token';
import type { AuditRow, CompositionDocument } from './schemas';
import { bearer, buildTestControlPlane, seedDocument } from './test/test-control-plane';

/**
 * POST /v1/environments/{env}/previews and GET /v1/keys: a team signs a link for its own remote in an
 * environment that allows previews; the link verifies with the published key; every link and every
 * refusal is audited; production never signs. Every answer is checked against openapi.json.
 */

const PR_MANIFEST = 'https://pr-builds.example.test/mf-player/pr-42/mf-manifest.json';
const withPreviews = (environment: string): CompositionDocument => ({
  ...seedDocument(environment),
  shell: `https://${environment}.example.test/mf-manifest.json`,
  overrides: { allowedOrigins: [], previews: true } as CompositionDocument['overrides'],
});

describe('preview links', () => {
  let app: FastifyInstance;
  let player: string;
  let catalog: string;
  let productionOwner: string;
  const NOW = new Date('2026-11-27T12:00:00Z');

  beforeEach(async () => {
    app = await buildTestControlPlane({
      seeds: [
        withPreviews('staging'),
        // Even a production document that says yes is refused.
        withPreviews('production'),
        seedDocument('qa'),
      ],
      now: () => NOW,
    });
    player = (await app.controlPlane.tokens.create({ team: 'player' })).token;
    catalog = (await app.controlPlane.tokens.create({ team: 'catalog' })).token;
    productionOwner = (await app.controlPlane.tokens.create({ environmentOwner: 'production' }))
      .token;
  });
  afterEach(() => app.close());

  const sign = (environment: string, token: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/v1/environments/${environment}/previews`,
      headers: bearer(token),
      payload: body,
    });
  const audit = async () =>
    (await app.inject({ url: '/v1/audit?action=preview', headers: bearer(player) })).json<{
      items: AuditRow[];
    }>().items;

  test("a team signs a link to its own build on the environment's shell; it verifies with GET /v1/keys and is audited", async () => {
    const res = await sign('staging', player, {
      remote: 'mf_player',
      manifest: PR_MANIFEST,
      version: '0.3.0-pr.42',
      ttlSeconds: 3600,
    });
    expect(res.statusCode).toBe(200);
    const link = res.json<{
      url: string;
      token: string;
      id: string;
      expiresAt: string;
      keyId: string;
      auditId: number;
      version: string;
    }>();
    expect(link.url).toBe(
      `https://staging.example.test/?preview=${encodeURIComponent(link.token)}`,
    );
    expect(link.expiresAt).toBe('2026-11-27T13:00:00.000Z');
    const keys = await app.inject({ url: '/v1/keys' });
    expect(keys.statusCode).toBe(200);
    const published = keys.json<{ keys: Parameters<typeof keyFromJwk>[0][] }>().keys;
    expect(published.map((k) => k.kid)).toEqual([link.keyId]);
    const verdict = verifyPreview(
      link.token,
      new Map(published.map((k) => [k.kid, keyFromJwk(k)])),
      'staging',
      NOW,
    );
    expect(verdict).toMatchObject({
      ok: true,
      claims: {
        env: 'staging',
        remote: 'mf_player',
        manifest: PR_MANIFEST,
        version: '0.3.0-pr.42',
      },
    });
    const [row] = await audit();
    expect(row).toMatchObject({
      id: link.auditId,
      action: 'preview',
      outcome: 'applied',
      environment: 'staging',
      remote: 'mf_player',
      team: 'player',
      toVersion: '0.3.0-pr.42',
      to: { manifest: PR_MANIFEST, version: '0.3.0-pr.42' },
      revision: 1,
    });
    expect(row!.message).toContain(link.id);
    // The environment did not move, and a preview is no move a rollback or the console would show.
    const env = await app.inject({ url: '/v1/environments/staging' });
    expect(env.json<{ revision: number }>().revision).toBe(1);
    const remotes = await app.inject({
      url: '/v1/environments/staging/remotes',
      headers: bearer(player),
    });
    const items = remotes.json<{ items: { remote: string; lastMove: unknown }[] }>().items;
    expect(items.find((i) => i.remote === 'mf_player')!.lastMove).toBeNull();
  });

  test('a link made from a manifest URL expects any version, and lives 2 h unless told', async () => {
    const res = await sign('staging', player, { remote: 'mf_player', manifest: PR_MANIFEST });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: '*', expiresAt: '2026-11-27T14:00:00.000Z' });
  });

  test("another team's remote is refused by its owner's name, and the refusal is audited", async () => {
    const res = await sign('staging', catalog, { remote: 'mf_player', manifest: PR_MANIFEST });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', owner: 'player' });
    expect((await audit())[0]).toMatchObject({ outcome: 'refused', team: 'catalog' });
  });

  test('production refuses to sign (even for its owner, even when its document says yes), and says why', async () => {
    const res = await sign('production', productionOwner, {
      remote: 'mf_player',
      manifest: PR_MANIFEST,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: 'previews-off',
      message: expect.stringMatching(/^production never serves preview links/),
    });
    expect((await audit())[0]).toMatchObject({
      environment: 'production',
      outcome: 'refused',
      message: expect.stringMatching(/^production never/),
    });
  });

  test('an environment whose document does not allow previews refuses; a day is the longest link', async () => {
    const off = await sign('qa', player, { remote: 'mf_player', manifest: PR_MANIFEST });
    expect(off.statusCode).toBe(422);
    expect(off.json<{ message: string }>().message).toContain('"overrides.previews" is not true');
    const tooLong = await sign('staging', player, {
      remote: 'mf_player',
      manifest: PR_MANIFEST,
      ttlSeconds: 25 * 3600,
    });
    expect(tooLong.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/v1/environments/staging/previews',
      payload: { remote: 'mf_player', manifest: PR_MANIFEST },
    });
    expect(unsigned.statusCode).toBe(401);
    const missing = await sign('nowhere', player, { remote: 'mf_player', manifest: PR_MANIFEST });
    expect(missing.statusCode).toBe(404);
    const notHttp = await sign('staging', player, { remote: 'mf_player', manifest: 'file:///x' });
    expect(notHttp.statusCode).toBe(400);
  });
});
