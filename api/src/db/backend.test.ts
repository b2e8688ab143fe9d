import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../test/test-app';
import { onPostgres } from '../test/test-database';

/** Guards the two-backend run itself: the api-pg project must really be on PostgreSQL, each app on its own database. */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([buildTestApp(), buildTestApp()]);
});
afterAll(() => Promise.all([a.close(), b.close()]));

test('the suite runs on the backend its jest project names', async () => {
  expect(a.app.ctx.dialect).toBe(onPostgres() ? 'postgres' : 'sqlite');
  if (onPostgres()) {
    const version = await sql<{ v: string }>`select version() as v`.execute(a.app.ctx.db);
    expect(version.rows[0]!.v).toMatch(/^PostgreSQL/);
  }
});

test('every test app has a database of its own', async () => {
  await a.app.ctx.db.deleteFrom('genres').where('id', '=', a.catalogue.genres[0]!.id).execute();
  const left = await b.app.ctx.db.selectFrom('genres').select('id').execute();
  expect(left.map((g) => g.id)).toContain(a.catalogue.genres[0]!.id);
});
