import type { FastifyInstance } from 'fastify';
import { bearer, buildCheckedControlPlane, seedDocument } from '../test/test-control-plane';
import { createPostgresDatabase } from '../test/test-database';

/**
 * Three control-plane instances on one PostgreSQL tick together on a canary that has failed: one holds
 * the analysis lease and aborts it; the others do nothing, so there is one abort, one audit row and
 * one webhook call.
 */
let drop: () => Promise<void>;
let instances: FastifyInstance[];

beforeAll(async () => {
  const database = await createPostgresDatabase();
  drop = database.drop;
  instances = await Promise.all(
    [1, 2, 3].map(() =>
      buildCheckedControlPlane({
        databaseUrl: database.url,
        poolSize: 4,
        seeds: [seedDocument('staging')],
        analysis: { intervalMs: 1, minSessions: 1, failureLimit: 1 },
      }),
    ),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()));
  await drop();
});

test('one instance acts per tick: a failed canary is aborted once', async () => {
  const [first] = instances as [FastifyInstance];
  const token = (await first.controlPlane.tokens.create({ environmentOwner: 'staging' })).token;
  const view = (await first.inject({ method: 'GET', url: '/v1/environments/staging' })).json() as {
    revision: number;
  };
  const started = await first.inject({
    method: 'POST',
    url: '/v1/environments/staging/remotes/mf_player/canary',
    headers: bearer(token),
    payload: {
      ifRevision: view.revision,
      entry: {
        manifest: 'https://cdn.example.test/mf-player/1.1.0/mf-manifest.json',
        version: '1.1.0',
      },
      percent: 10,
    },
  });
  expect(started.statusCode).toBe(200);
  for (const [arm, version, kind] of [
    ['canary', '1.1.0', 'boundary'],
    ['stable', '1.0.0', 'session'],
  ] as const) {
    const res = await first.inject({
      method: 'POST',
      url: '/v1/environments/staging/signals',
      payload: {
        session: `session-${arm}-0001`,
        reports: [{ kind, remote: 'mf_player', version, arm }],
      },
    });
    expect(res.statusCode).toBe(202);
  }
  const outcomes = (
    await Promise.all(instances.map((app) => app.controlPlane.analysis.tick()))
  ).flat();
  expect(outcomes.filter((o) => o.action === 'aborted')).toHaveLength(1);
  const audit = (
    await first.inject({
      method: 'GET',
      url: '/v1/audit?environment=staging&remote=mf_player&action=abort',
      headers: bearer(token),
    })
  ).json() as { items: unknown[] };
  expect(audit.items).toHaveLength(1);
});
