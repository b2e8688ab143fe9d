import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DatabaseOptions } from '../database';

/** True in the delivery-pg jest project (jest.pg.config.cjs). */
export const onPostgres = (): boolean => process.env.CONTROL_PLANE_TEST_DB === 'postgres';

export interface TestDatabase {
  options: DatabaseOptions;
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const url = process.env.STREAMFLIX_PG_ADMIN_URL;
  if (!url)
    throw new Error('STREAMFLIX_PG_ADMIN_URL is not set: run through the delivery-pg jest project');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database on the test server (several apps may share it). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `control_plane_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name} template template0`));
  const url = new URL(process.env.STREAMFLIX_PG_ADMIN_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/** An empty database for one test: SQLite in memory, or in the pg project a PostgreSQL one. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!onPostgres()) return { options: { dataDir: ':memory:' }, drop: async () => undefined };
  const { url, drop } = await createPostgresDatabase();
  return { options: { databaseUrl: url, poolSize: 5 }, drop };
}
