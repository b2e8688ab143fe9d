import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** True in the api-pg jest project (test/use-postgres.cjs). */
export const onPostgres = (): boolean => process.env.STREAMFLIX_TEST_DB === 'postgres';

function adminUrl(): string {
  const url = process.env.STREAMFLIX_PG_ADMIN_URL;
  if (!url)
    throw new Error('STREAMFLIX_PG_ADMIN_URL is not set: run through the api-pg jest project');
  return url;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the test server: every test app starts from nothing, like a SQLite ':memory:'. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `streamflix_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name} template template0`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
