import { followLocalBuilds, localDrift } from './local-environment';
import type { CompositionDocument } from './schemas';
import { buildTestControlPlane, seedDocument } from './test/test-control-plane';

/** `local` as `npm start` on these ports and versions describes it. */
const localDocument = (firstPort: number, version = '0.2.0'): CompositionDocument => {
  const staged = seedDocument('local');
  return {
    environment: 'local',
    api: 'http://localhost:4000',
    remotes: Object.fromEntries(
      Object.keys(staged.remotes).map((name, i) => [
        name,
        { manifest: `http://localhost:${firstPort + i}/mf-manifest.json`, version: `^${version}` },
      ]),
    ),
    services: {},
  };
};

test('a remote drifts when it points at this machine but not at the build served now', () => {
  const wanted = localDocument(3001);
  expect(localDrift(wanted, wanted)).toEqual([]);
  const moved = localDocument(3101);
  const offMachine = {
    ...moved,
    remotes: {
      ...moved.remotes,
      mf_player: {
        manifest: 'https://cdn.example.test/mf-player/1.0.0/mf-manifest.json',
        version: '1.0.0',
      },
    },
  };
  expect(localDrift(offMachine, wanted)).toEqual(['mf_catalog', 'mf_account', 'mf_checkout']);
  expect(localDrift(localDocument(3001, '0.1.0'), wanted)).toHaveLength(4);
});

test('npm start sets local back to its builds through audited writes, and keeps what a developer composed', async () => {
  const first = localDocument(3101, '0.1.0');
  const app = await buildTestControlPlane({ seeds: [first] });
  try {
    const { environments, tokens } = app.controlPlane;
    // A developer composed a deployed player into local.
    const deployed = {
      manifest: 'https://cdn.example.test/mf-player/1.0.0/mf-manifest.json',
      version: '1.0.0',
    };
    await environments.edit({
      environment: 'local',
      remote: 'mf_player',
      ifRevision: 1,
      action: 'set',
      change: () => deployed,
      actor: (await tokens.create({ environmentOwner: 'local' })).info,
    });
    const wanted = { ...localDocument(3001), api: 'http://localhost:4100' };
    const result = await followLocalBuilds(app, wanted);
    expect(result.changed).toEqual(['mf_catalog', 'mf_account', 'mf_checkout']);
    expect(result.warnings).toEqual([
      expect.stringMatching(/names the API http:\/\/localhost:4000/),
    ]);
    const view = await environments.get('local');
    expect(view!.revision).toBe(5);
    expect(view!.document.remotes.mf_catalog).toEqual(wanted.remotes.mf_catalog);
    expect(view!.document.remotes.mf_player).toEqual(deployed);
    const audit = (await environments.audit({ environment: 'local' })).items;
    expect(audit.slice(0, 3).map((a) => [a.remote, a.fromVersion, a.toVersion, a.gate])).toEqual(
      ['mf_checkout', 'mf_account', 'mf_catalog'].map((r) => [
        r,
        '^0.1.0',
        '^0.2.0',
        { ok: true, by: 'npm start', reason: 'the build this checkout serves' },
      ]),
    );
    // The token it wrote with is revoked at once.
    const used = (await tokens.list()).find((t) => t.tokenId === audit[0]!.tokenId);
    expect(used?.status).toBe('revoked');
    // Nothing drifted any more: a second start writes nothing.
    expect((await followLocalBuilds(app, wanted)).changed).toEqual([]);
  } finally {
    await app.close();
  }
});
