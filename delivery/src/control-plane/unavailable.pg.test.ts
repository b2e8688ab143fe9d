import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { bearer, buildCheckedControlPlane, seedDocument } from './test/test-control-plane';
import { createPostgresDatabase } from './test/test-database';

/**
 * The database going away under a running control plane: requests answer 503 with Retry-After (a
 * pipeline waits and retries) instead of a 500, and it serves again once the database is back.
 */
describe('a control plane whose PostgreSQL cannot be reached', () => {
  let app: FastifyInstance;
  let name: string;
  let drop: () => Promise<void>;

  const admin = async (query: string) => {
    const client = new Client({ connectionString: process.env.STREAMFLIX_PG_ADMIN_URL });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    name = new URL(database.url).pathname.slice(1);
    app = await buildCheckedControlPlane({
      databaseUrl: database.url,
      poolSize: 2,
      seeds: [seedDocument('staging')],
    });
  });
  afterAll(async () => {
    await app?.close();
    await admin(`alter database ${name} allow_connections true`);
    await drop?.();
  });

  test('answers 503 with Retry-After, then serves again', async () => {
    const token = (await app.controlPlane.tokens.create({ team: 'player' })).token;
    await admin(`alter database ${name} allow_connections false`);
    await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    const read = await app.inject({ url: '/v1/environments/staging' });
    expect(read.statusCode).toBe(503);
    expect(read.headers['retry-after']).toBe('5');
    expect(read.json()).toMatchObject({
      error: 'unavailable',
      message: expect.stringContaining('cannot reach its database'),
    });
    const write = await app.inject({ url: '/v1/audit', headers: bearer(token) });
    expect(write.statusCode).toBe(503);

    await admin(`alter database ${name} allow_connections true`);
    expect((await app.inject({ url: '/v1/environments/staging' })).statusCode).toBe(200);
  });
});
