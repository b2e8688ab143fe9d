import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuditRow, CompositionDocument, RemoteEntry } from './schemas';
import { bearer, buildTestControlPlane } from './test/test-control-plane';

/**
 * The console's routes: each remote's state, and a rollback that follows the compose CLI's rules
 * (its target, its gate, compare-and-swap, 403 naming the owner, 409 with the current revision).
 */

const STORE = 'http://store.test';
const API = 'http://api.test';
const PROVIDED = { react: '19.3.1', 'react-dom': '19.3.1', '@streamflix/shared': '0.1.0' };
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

function manifestFor(remote: string, version: string) {
  return {
    name: remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: version, buildName: remote, contractVersion: '1.0.0' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: Object.entries(PROVIDED).map(([name, v]) => ({
      name,
      version: v,
      requiredVersion: `^${v}`,
      singleton: true,
    })),
    exposes: [{ name: 'Watch' }],
  };
}

/** A deployment store, a shell and an API, as the URLs the gate fetches. */
function world() {
  const files = new Map<string, string>();
  files.set(`${API}/v1/openapi.json`, JSON.stringify({ info: { version: '1.1.0' } }));
  files.set(`${STORE}/shell/mf-manifest.json`, JSON.stringify(manifestFor('shell', '0.1.0')));
  files.set(`${STORE}/shell/required-exposes.json`, JSON.stringify({ mf_player: ['Watch'] }));
  const entry = (dir: string, remote: string, version: string): RemoteEntry => {
    const base = `${STORE}/${dir}/${version}`;
    files.set(`${base}/mf-manifest.json`, JSON.stringify(manifestFor(remote, version)));
    files.set(`${base}/remoteEntry.js`, `entry ${remote} ${version}`);
    return { manifest: `${base}/mf-manifest.json`, version };
  };
  const fetched: string[] = [];
  const fetchImpl = ((url: string) => {
    fetched.push(String(url));
    const body = files.get(String(url));
    return Promise.resolve(
      body === undefined ? new Response('missing', { status: 404 }) : new Response(body),
    );
  }) as typeof fetch;
  return { files, entry, fetch: fetchImpl, fetched };
}

describe('the console routes: remotes and rollback', () => {
  let app: FastifyInstance;
  let w: ReturnType<typeof world>;
  let player: string;
  let catalog: string;
  let player020: RemoteEntry;
  let player030: RemoteEntry;

  beforeEach(async () => {
    w = world();
    player020 = w.entry('mf-player', 'mf_player', '0.2.0');
    player030 = w.entry('mf-player', 'mf_player', '0.3.0');
    const staging: CompositionDocument = {
      environment: 'staging',
      api: API,
      store: STORE,
      shell: `${STORE}/shell/mf-manifest.json`,
      remotes: {
        mf_catalog: w.entry('mf-catalog', 'mf_catalog', '1.0.0'),
        mf_player: player020,
        mf_account: w.entry('mf-account', 'mf_account', '1.0.0'),
        mf_checkout: { ...w.entry('mf-checkout', 'mf_checkout', '1.0.0'), mount: 'isolated' },
      },
      services: {},
    };
    app = await buildTestControlPlane({ seeds: [staging], fetch: w.fetch });
    player = (await app.controlPlane.tokens.create({ team: 'player' })).token;
    catalog = (await app.controlPlane.tokens.create({ team: 'catalog' })).token;
  });
  afterEach(() => app.close());

  const remotes = async (token = player) => {
    const res = await app.inject({
      url: '/v1/environments/staging/remotes',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json<{
      revision: number;
      items: {
        remote: string;
        team: string | null;
        entry: RemoteEntry | null;
        lastMove: AuditRow | null;
        rollbackTo: RemoteEntry | null;
      }[];
    }>();
  };
  const of = (view: Awaited<ReturnType<typeof remotes>>, remote: string) =>
    view.items.find((i) => i.remote === remote)!;
  const setPlayer = async (entry: RemoteEntry, ifRevision: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/v1/environments/staging/remotes/mf_player',
      headers: bearer(player),
      payload: { ifRevision, entry, gate: { ok: true, problems: [], sharedProblems: [] } },
    });
    expect(res.statusCode).toBe(200);
  };
  const rollback = (token: string, ifRevision: number, remote = 'mf_player') =>
    app.inject({
      method: 'POST',
      url: `/v1/environments/staging/remotes/${remote}/rollback`,
      headers: bearer(token),
      payload: { ifRevision },
    });
  const audit = async (query: string) =>
    (await app.inject({ url: `/v1/audit?${query}`, headers: bearer(player) })).json<{
      items: AuditRow[];
    }>().items;

  test('each remote shows its owner, entry, last move with the gate, and what a rollback restores', async () => {
    const unauthenticated = await app.inject({ url: '/v1/environments/staging/remotes' });
    expect(unauthenticated.statusCode).toBe(401);
    const seeded = await remotes();
    expect(seeded.items.map((i) => [i.remote, i.team])).toEqual([
      ['mf_catalog', 'catalog'],
      ['mf_player', 'player'],
      ['mf_account', 'account'],
      ['mf_checkout', 'checkout'],
    ]);
    expect(of(seeded, 'mf_player')).toMatchObject({ lastMove: null, rollbackTo: null });
    expect(of(seeded, 'mf_checkout').entry?.mount).toBe('isolated');

    await setPlayer(player030, 1);
    const moved = await remotes(catalog);
    expect(moved.revision).toBe(2);
    expect(of(moved, 'mf_player')).toMatchObject({
      entry: player030,
      lastMove: { team: 'player', fromVersion: '0.2.0', toVersion: '0.3.0', gate: { ok: true } },
      rollbackTo: player020,
    });
    expect(of(moved, 'mf_catalog').rollbackTo).toBeNull();
  });

  test('a rollback restores what the last set replaced, through the gate, by compare-and-swap, audited', async () => {
    await setPlayer(player030, 1);
    const res = await rollback(player, 2);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      revision: number;
      document: { remotes: Record<string, RemoteEntry> };
    }>();
    expect(body.revision).toBe(3);
    // The gate measured the entry's bytes as it does in the CLI, and the integrity is recorded.
    expect(body.document.remotes.mf_player).toEqual({
      ...player020,
      integrity: sri('entry mf_player 0.2.0'),
    });
    expect(w.fetched).toEqual(
      expect.arrayContaining([
        `${STORE}/shell/required-exposes.json`,
        `${API}/v1/openapi.json`,
        `${STORE}/mf-player/0.2.0/remoteEntry.js`,
      ]),
    );
    const [row] = await audit('action=rollback');
    expect(row).toMatchObject({
      remote: 'mf_player',
      outcome: 'applied',
      team: 'player',
      fromVersion: '0.3.0',
      toVersion: '0.2.0',
      revision: 3,
      gate: { ok: true },
    });
    // What the set to 0.3.0 replaced is back; nothing earlier than the seed is known.
    expect(of(await remotes(), 'mf_player')).toMatchObject({
      lastMove: { action: 'rollback' },
      rollbackTo: null,
    });
    const again = await rollback(player, 3);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      error: 'nothing-to-roll-back',
      message: 'staging has no earlier version of mf_player to roll back to.',
    });
  });

  test("another team's remote is refused with 403 naming its owner, and the refusal is audited", async () => {
    await setPlayer(player030, 1);
    const res = await rollback(catalog, 2);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', owner: 'player' });
    expect(res.json<{ message: string }>().message).toMatch(/owned by team player/);
    const [row] = await audit('outcome=refused');
    expect(row).toMatchObject({
      action: 'rollback',
      team: 'catalog',
      fromVersion: '0.3.0',
      toVersion: '0.2.0',
    });
    expect(of(await remotes(), 'mf_player').entry).toEqual(player030);
  });

  test('a rollback from a stale revision is refused with 409 and the current revision, before the gate', async () => {
    await setPlayer(player030, 1);
    const res = await rollback(player, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'stale-revision', currentRevision: 2 });
    expect(w.fetched).toEqual([]);
    expect(of(await remotes(), 'mf_player').entry).toEqual(player030);
  });

  test('a rollback the gate refuses changes nothing and says why', async () => {
    await setPlayer(player030, 1);
    w.files.delete(`${STORE}/mf-player/0.2.0/mf-manifest.json`);
    const res = await rollback(player, 2);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'gate-refused' });
    expect(res.json<{ message: string }>().message).toMatch(
      /mf_player: the compatibility gate refused[\s\S]*404/,
    );
    const view = await remotes();
    expect(view.revision).toBe(2);
    expect(of(view, 'mf_player').entry).toEqual(player030);
    expect(await audit('action=rollback')).toEqual([]);
  });

  test('a remote the registry does not list, or an unknown environment, is 404', async () => {
    expect((await rollback(player, 1, 'mf_nothing')).statusCode).toBe(404);
    const missing = await app.inject({
      method: 'POST',
      url: '/v1/environments/nowhere/remotes/mf_player/rollback',
      headers: bearer(player),
      payload: { ifRevision: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
