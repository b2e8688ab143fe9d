/**
 * The one place where SQLite and PostgreSQL differ: full-text search.
 * SQLite uses an FTS5 contentless index keyed by titles.seq; PostgreSQL uses a
 * tsvector column with a GIN index. Both receive the same sanitised prefix tokens,
 * so user input never reaches the query grammar of either engine.
 */
import type SQLite from 'better-sqlite3';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DialectName } from './database';

const MAX_TOKENS = 8;

/** Letters and digits only; everything else (quotes, operators, NEAR, ':*') is a separator. */
export function searchTokens(query: string): string[] {
  const tokens =
    query
      .normalize('NFKD')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return tokens.slice(0, MAX_TOKENS).map((t) => t.slice(0, 40));
}

export async function createSearchIndex(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`create virtual table titles_fts using fts5(name, people, synopsis, content='', tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
  } else {
    await sql`alter table titles add column search_tsv tsvector`.execute(db);
    await sql`create index titles_search_tsv on titles using gin (search_tsv)`.execute(db);
  }
}

/** Called after the catalogue is inserted (the index is rebuilt from titles). */
export async function rebuildSearchIndex(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`delete from titles_fts`.execute(db).catch(async () => {
      // Contentless tables reject DELETE; the documented way to empty them is 'delete-all'.
      await sql`insert into titles_fts(titles_fts) values('delete-all')`.execute(db);
    });
    await sql`insert into titles_fts(rowid, name, people, synopsis)
      select seq, name, director || ' ' || cast_json, synopsis from titles`.execute(db);
  } else {
    await sql`update titles set search_tsv =
      setweight(to_tsvector('simple', name), 'A') ||
      setweight(to_tsvector('simple', director || ' ' || cast_json), 'B') ||
      setweight(to_tsvector('simple', synopsis), 'C')`.execute(db);
  }
}

function matchExpression(tokens: string[], dialect: DialectName): string {
  return dialect === 'sqlite'
    ? tokens.map((t) => `"${t}"*`).join(' ')
    : tokens.map((t) => `${t}:*`).join(' & ');
}

/** A WHERE condition on titles aliased `t`; null when the query has no searchable tokens. */
export function textMatchCondition(
  query: string,
  dialect: DialectName,
): Expression<SqlBool> | null {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return null;
  const match = matchExpression(tokens, dialect);
  return dialect === 'sqlite'
    ? sql<SqlBool>`t.seq in (select rowid from titles_fts where titles_fts match ${match})`
    : sql<SqlBool>`t.search_tsv @@ to_tsquery('simple', ${match})`;
}

/** An ORDER BY expression ranking best matches first (ascending). */
export function textRankExpression(query: string, dialect: DialectName): Expression<number> | null {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return null;
  const match = matchExpression(tokens, dialect);
  return dialect === 'sqlite'
    ? sql<number>`(select bm25(titles_fts, 10.0, 3.0, 1.0) from titles_fts where titles_fts match ${match} and rowid = t.seq)`
    : sql<number>`-ts_rank(t.search_tsv, to_tsquery('simple', ${match}))`;
}

/**
 * Full-text matches as titles.seq values, best first when ranked. Capped: a two-letter prefix shouldn't read the whole index.
 *
 * Results are cached by their sanitised match expression: the catalogue is read-only while the server runs, so a
 * result stays true until the next seed (a restart). Search traffic repeats itself (popular titles, the prefixes a
 * search box sends while typing) and a broad prefix costs 0.2 ms unranked and several ms ranked (bm25 over every
 * match), which is most of a search. The cache is bounded by entries and by the seqs it holds (4 bytes each).
 */
export class TextMatcher {
  private readonly ranked?: SQLite.Statement;
  private readonly unranked?: SQLite.Statement;
  private readonly cache = new Map<string, Int32Array>();
  private cachedSeqs = 0;

  constructor(
    private readonly db: Kysely<any>,
    private readonly dialect: DialectName,
    sqlite?: SQLite.Database,
    private readonly cacheLimits = { entries: 2_000, seqs: 4_000_000 },
  ) {
    if (sqlite) {
      this.ranked = sqlite
        .prepare(
          'select rowid from titles_fts where titles_fts match ? order by bm25(titles_fts, 10.0, 3.0, 1.0) limit ?',
        )
        .pluck();
      this.unranked = sqlite
        .prepare('select rowid from titles_fts where titles_fts match ? limit ?')
        .pluck();
    }
  }

  /** The result is shared with the cache: read it, never change it. */
  async match(query: string, ranked: boolean, limit: number): Promise<Readonly<Int32Array> | null> {
    const tokens = searchTokens(query);
    if (tokens.length === 0) return null;
    const expr = matchExpression(tokens, this.dialect);
    const key = `${ranked ? 'r' : 'u'}${limit}:${expr}`;
    const hit = this.cache.get(key);
    if (hit) {
      // Re-inserting marks it most recently used (a Map iterates in insertion order).
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const seqs = Int32Array.from(await this.query(expr, ranked, limit));
    this.remember(key, seqs);
    return seqs;
  }

  /** The catalogue changed: every cached answer may be wrong now. */
  clear(): void {
    this.cache.clear();
    this.cachedSeqs = 0;
  }

  private remember(key: string, seqs: Int32Array): void {
    if (seqs.length > this.cacheLimits.seqs) return;
    this.cache.set(key, seqs);
    this.cachedSeqs += seqs.length;
    for (const [oldest, value] of this.cache) {
      if (this.cache.size <= this.cacheLimits.entries && this.cachedSeqs <= this.cacheLimits.seqs)
        break;
      this.cache.delete(oldest);
      this.cachedSeqs -= value.length;
    }
  }

  private async query(expr: string, ranked: boolean, limit: number): Promise<number[]> {
    if (this.dialect === 'sqlite') {
      const stmt = ranked ? this.ranked : this.unranked;
      if (!stmt) throw new Error('SQLite text matching needs the raw handle');
      return stmt.all(expr, limit) as number[];
    }
    const rows = ranked
      ? await sql<{
          seq: number;
        }>`select seq from titles where search_tsv @@ to_tsquery('simple', ${expr}) order by ts_rank(search_tsv, to_tsquery('simple', ${expr})) desc limit ${limit}`.execute(
          this.db,
        )
      : await sql<{
          seq: number;
        }>`select seq from titles where search_tsv @@ to_tsquery('simple', ${expr}) limit ${limit}`.execute(
          this.db,
        );
    return rows.rows.map((r) => Number(r.seq));
  }
}
