import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { openDatabase } from './database';
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

test('a named lock has one holder at a time, across instances on one PostgreSQL, and a failure releases it', async () => {
  // A second instance's handle on the same database (on SQLite, one process owns the file).
  const other = onPostgres()
    ? await openDatabase({ databaseUrl: a.app.ctx.config.databaseUrl })
    : null;
  const exclusive2 = other?.exclusive ?? a.app.ctx.exclusive;
  const events: string[] = [];
  const job =
    (tag: string, fail = false) =>
    async () => {
      events.push(`${tag} in`);
      await sleep(150);
      events.push(`${tag} out`);
      if (fail) throw new Error(`${tag} failed`);
      return tag;
    };
  const results = await Promise.allSettled([
    a.app.ctx.exclusive('startup', job('a', true)),
    exclusive2('startup', job('b')),
    a.app.ctx.exclusive('startup', job('c')),
  ]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  expect(events).toHaveLength(6);
  for (let i = 0; i < 6; i += 2) {
    expect(events[i]).toMatch(/ in$/);
    expect(events[i + 1]).toBe(events[i]!.replace(' in', ' out'));
  }
  await other?.close();
});
