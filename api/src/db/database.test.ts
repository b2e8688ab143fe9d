import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase, withStatementCache } from './database';

test('statements are prepared once per SQL text and the least recently used leave past the bound', () => {
  const sqlite = new SQLite(':memory:');
  const prepare = jest.spyOn(sqlite, 'prepare');
  const db = withStatementCache(sqlite, 2);
  const a = db.prepare('select 1');
  expect(db.prepare('select 1')).toBe(a);
  db.prepare('select 2');
  db.prepare('select 1'); // most recent again, so 'select 2' is the one to go
  db.prepare('select 3');
  expect(prepare).toHaveBeenCalledTimes(3);
  expect(db.prepare('select 1')).toBe(a);
  db.prepare('select 2');
  expect(prepare).toHaveBeenCalledTimes(4);
  db.close();
});

test('a reused statement sees schema changes made after it was prepared', async () => {
  const { db, close } = await openDatabase({ dbFile: ':memory:' });
  await sql`create table t (a integer)`.execute(db);
  await sql`insert into t (a) values (1)`.execute(db);
  const read = () => sql<Record<string, unknown>>`select * from t`.execute(db).then((r) => r.rows);
  expect(await read()).toEqual([{ a: 1 }]);
  await sql`alter table t add column b text default 'x'`.execute(db);
  expect(await read()).toEqual([{ a: 1, b: 'x' }]);
  await close();
});
