import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { TextMatcher } from './search-dialect';

/** The text matcher's cache: same answers as the database, bounded by entries and by the seqs it holds. */
describe('TextMatcher cache', () => {
  const sqlite = new SQLite(':memory:');
  const db = new Kysely<object>({ dialect: new SqliteDialect({ database: sqlite }) });
  beforeAll(() => {
    sqlite.exec(
      `create virtual table titles_fts using fts5(name, people, synopsis, content='', tokenize='unicode61 remove_diacritics 2')`,
    );
    const insert = sqlite.prepare(
      'insert into titles_fts(rowid, name, people, synopsis) values (?, ?, ?, ?)',
    );
    for (let i = 1; i <= 50; i++)
      insert.run(
        i,
        `Night ${i % 2 ? 'Harbor' : 'Garden'} ${i}`,
        'Ana Díaz',
        i % 5 ? 'a quiet story' : 'a loud story',
      );
  });
  afterAll(() => db.destroy());

  const spy = (matcher: TextMatcher) =>
    jest.spyOn(matcher as unknown as { query: () => Promise<number[]> }, 'query');

  test('a repeated or re-spelled query is answered from the cache, ranked and unranked apart', async () => {
    const matcher = new TextMatcher(db, 'sqlite', sqlite);
    const calls = spy(matcher);
    const first = await matcher.match('harb', false, 100);
    expect(Array.from(first!)).toEqual(Array.from({ length: 25 }, (_, i) => 2 * i + 1));
    expect(await matcher.match('  HARB!! ', false, 100)).toBe(first);
    expect(calls).toHaveBeenCalledTimes(1);
    const ranked = await matcher.match('harb', true, 100);
    expect(calls).toHaveBeenCalledTimes(2);
    expect([...ranked!].sort((a, b) => a - b)).toEqual(Array.from(first!));
    expect(Array.from((await matcher.match('diaz loud', false, 100))!)).toEqual([
      5, 10, 15, 20, 25, 30, 35, 40, 45, 50,
    ]);
    expect(await matcher.match('"*)', false, 100)).toBeNull();
  });

  test('the least recently used results leave first, within the entry and seq bounds', async () => {
    const matcher = new TextMatcher(db, 'sqlite', sqlite, { entries: 2, seqs: 40 });
    const calls = spy(matcher);
    await matcher.match('harbor', false, 100); // 25 seqs
    await matcher.match('loud', false, 100); // 10 seqs
    await matcher.match('harbor', false, 100); // hit: harbor is now the most recent
    expect(calls).toHaveBeenCalledTimes(2);
    await matcher.match('garden', false, 100); // 25 more: over 40 seqs, so loud and then harbor go
    await matcher.match('garden', false, 100);
    expect(calls).toHaveBeenCalledTimes(3);
    await matcher.match('loud', false, 100);
    await matcher.match('harbor', false, 100);
    expect(calls).toHaveBeenCalledTimes(5);
  });
});
