/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { ComposeError, parseComposeArgs, runCompose } from './compose';
import { parseTtl } from './compose-preview';
import type { CompositionDocument } from './control-plane/schemas';
import { buildTestControlPlane } from './control-plane/test/test-control-plane';
import { STORE, stagingDocument, world } from './test/compose-world';

/** `npm run compose -- <env> preview`: a link signed by a real control plane, printed last. */
let app: FastifyInstance;
let url: string;
let player: string;

beforeEach(async () => {
  const staging = {
    ...stagingDocument(),
    overrides: { allowedOrigins: [], previews: true },
  } as unknown as CompositionDocument;
  app = await buildTestControlPlane({ seeds: [staging] });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  player = (await app.controlPlane.tokens.create({ team: 'player' })).token;
});
afterEach(() => app.close());

const pipeline = () => ({ DELIVERY_URL: url, DELIVERY_TOKEN: player });

test('--ttl reads minutes, hours and days, 2 h when absent, and refuses more than a day', () => {
  expect(parseTtl(undefined)).toBe(7200);
  expect(parseTtl('90m')).toBe(5400);
  expect(parseTtl('1d')).toBe(86400);
  expect(parseTtl('3600')).toBe(3600);
  expect(() => parseTtl('25h')).toThrow(/--ttl must be from 1m to 24h/);
  expect(() => parseTtl('soon')).toThrow(ComposeError);
  expect(
    parseComposeArgs(['staging', 'preview', 'mf_player', '0.3.0', '--ttl', '30m']),
  ).toMatchObject({ command: 'preview', remote: 'mf_player', version: '0.3.0', ttlSeconds: 1800 });
  expect(parseComposeArgs(['staging', 'preview', 'mf_player'])).toBeNull();
  expect(parseComposeArgs(['staging', 'set', 'mf_player', '0.3.0', '--ttl', '1h'])).toBeNull();
});

test("a version's link names the store's manifest; a manifest URL is taken as it is; the link is printed last", async () => {
  const w = world();
  await runCompose(['staging', 'preview', 'mf_player', '0.3.0', '--ttl', '1h'], pipeline(), w.ctx);
  const link = w.log.at(-1)!;
  expect(link).toMatch(/^http:\/\/store\.test\/\?preview=[\w-]+\.[\w-]+$/);
  expect(w.log.at(-2)).toContain(`mf_player 0.3.0 from ${STORE}/mf-player/0.3.0/mf-manifest.json`);
  const pr = 'https://pr-builds.example.test/mf-player/pr-42/mf-manifest.json';
  await runCompose(['staging', 'preview', 'mf_player', pr], pipeline(), w.ctx);
  expect(w.log.at(-2)).toContain(`mf_player (any version) from ${pr}`);
  const rows = (await app.controlPlane.environments.audit({ action: 'preview' })).items;
  expect(rows.map((r) => r.toVersion)).toEqual(['*', '0.3.0']);
});

test('without the control plane there is no one to sign: refused, saying so', async () => {
  await expect(
    runCompose(['staging', 'preview', 'mf_player', '0.3.0'], {}, world().ctx),
  ).rejects.toThrow(/A preview link is signed by the control plane: set DELIVERY_URL/);
});
