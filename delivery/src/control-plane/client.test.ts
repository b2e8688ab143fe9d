import type { FastifyInstance } from 'fastify';
import { ControlPlaneClient, ControlPlaneError } from './client';
import { buildTestControlPlane } from './test/test-control-plane';

const entry = (version: string) => ({
  manifest: `https://cdn.example.test/mf-player/${version}/mf-manifest.json`,
  version,
});

/** The pipeline's client against a listening control plane (real HTTP, not inject). */
describe('the control-plane client', () => {
  let app: FastifyInstance;
  let url: string;
  let player: string;

  beforeEach(async () => {
    app = await buildTestControlPlane();
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    player = (await app.controlPlane.tokens.create({ team: 'player' })).token;
  });
  afterEach(() => app.close());

  test('re-runs the gate on the new revision after a 409, then lands', async () => {
    const client = new ControlPlaneClient({
      url,
      token: player,
      ciRun: 'https://ci.example.test/1',
    });
    const rival = new ControlPlaneClient({ url, token: player });
    const judged: number[] = [];
    const result = await client.editRemote('staging', 'mf_player', async (view) => {
      judged.push(view.revision);
      // Another pipeline lands between this one's read and its write, once.
      if (judged.length === 1)
        await rival.editRemote('staging', 'mf_player', () => ({ entry: entry('1.5.0') }));
      return { entry: entry('2.0.0'), gate: { ok: true, judgedRevision: view.revision } };
    });
    expect(judged).toEqual([1, 2]);
    expect(result).toMatchObject({ revision: 3, attempts: 2 });
    const [last] = await client.audit({ environment: 'staging', remote: 'mf_player' });
    expect(last).toMatchObject({
      fromVersion: '1.5.0',
      toVersion: '2.0.0',
      gate: { ok: true, judgedRevision: 2 },
      ciRun: 'https://ci.example.test/1',
    });
  });

  test("a refusal comes back as an error naming the owner, and a gate's refusal writes nothing", async () => {
    const client = new ControlPlaneClient({ url, token: player });
    const refused = await client
      .editRemote('staging', 'mf_catalog', () => ({ entry: entry('9.9.9') }))
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ControlPlaneError);
    expect(refused).toMatchObject({ status: 403, body: { owner: 'catalog' } });
    await expect(
      client.editRemote('staging', 'mf_player', () => {
        throw new Error('the gate refused: shared ranges do not meet');
      }),
    ).rejects.toThrow(/gate refused/);
    expect((await client.getEnvironment('staging')).revision).toBe(1);
    const down = new ControlPlaneClient({ url: 'http://127.0.0.1:9', token: player });
    await expect(down.getEnvironment('staging')).rejects.toThrow(/could not be reached/);
  });
});
