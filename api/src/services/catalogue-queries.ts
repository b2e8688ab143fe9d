import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database } from '../db/schema';
import { textMatchCondition, textRankExpression } from '../db/search-dialect';
import { badRequest } from '../lib/http-errors';
import type { Category, CatalogueReference } from './catalogue-reference';

export const MAX_PAGE_SIZE = 100;
export const SORT_OPTIONS = ['relevance', 'popularity', 'newest', 'oldest', 'rating', 'az'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];

export interface Urls {
  artwork(titleId: string, kind: 'poster' | 'backdrop'): string;
  media(path: string): string;
}

export interface TitleCard {
  id: string;
  type: 'movie' | 'series';
  name: string;
  year: number;
  releaseDate: string;
  rating: number;
  maturity: string;
  premium: boolean;
  runtimeMinutes: number;
  genres: string[];
  posterUrl: string;
  backdropUrl: string;
}

export interface Progress {
  position: number;
  duration: number;
  percent: number;
  completed: boolean;
  updatedAt: string;
}

export interface SearchFilters {
  q?: string;
  categories?: string[];
  genres?: string[];
  countries?: string[];
  languages?: string[];
  timePeriods?: string[];
  type?: 'movie' | 'series';
  sortBy?: SortBy;
  page: number;
  limit: number;
  country: string;
}

export interface Page<T> {
  results: T[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

const CARD_COLUMNS = [
  't.id', 't.type', 't.name', 't.year', 't.release_date', 't.rating', 't.maturity', 't.premium', 't.runtime_minutes', 't.genre_ids',
] as const;

type CardRow = {
  id: string; type: 'movie' | 'series'; name: string; year: number; release_date: string; rating: number;
  maturity: string; premium: number; runtime_minutes: number; genre_ids: string;
};

type TitlesQuery = SelectQueryBuilder<Database & { t: Database['titles'] }, 't', {}>;

export function clampLimit(limit: number | undefined, fallback = 20): number {
  return Math.min(Math.max(1, Math.floor(limit ?? fallback)), MAX_PAGE_SIZE);
}

/** 'YYYY-YYYY', 'YYYYs' (a decade), 'before-YYYY' or a single 'YYYY'. */
export function parseTimePeriod(period: string): [number, number] | null {
  const p = period.trim().toLowerCase();
  let m = /^(\d{4})s$/.exec(p);
  if (m) return [Number(m[1]), Number(m[1]) + 9];
  m = /^(\d{4})\s*-\s*(\d{4})$/.exec(p);
  if (m) return Number(m[1]) <= Number(m[2]) ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
  m = /^before-(\d{4})$/.exec(p);
  if (m) return [0, Number(m[1]) - 1];
  m = /^(\d{4})$/.exec(p);
  if (m) return [Number(m[1]), Number(m[1])];
  return null;
}

export class CatalogueQueries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    readonly ref: CatalogueReference,
  ) {}

  toCard(row: CardRow, urls: Urls): TitleCard {
    return {
      id: row.id,
      type: row.type,
      name: row.name,
      year: row.year,
      releaseDate: row.release_date,
      rating: row.rating,
      maturity: row.maturity,
      premium: row.premium === 1,
      runtimeMinutes: row.runtime_minutes,
      genres: this.ref.genreNames(row.genre_ids),
      posterUrl: urls.artwork(row.id, 'poster'),
      backdropUrl: urls.artwork(row.id, 'backdrop'),
    };
  }

  availableIn(country: string): Expression<SqlBool> {
    return sql<SqlBool>`(t.available_everywhere = 1 or exists (select 1 from title_availability a where a.title_id = t.id and a.country = ${country}))`;
  }

  private titles(): TitlesQuery {
    return this.db.selectFrom('titles as t');
  }

  private genreIds(refs: string[]): string[] {
    return refs.map((r) => {
      const g = this.ref.findGenre(r);
      if (!g) throw badRequest(`Unknown genre "${r}".`, { genres: `Unknown genre "${r}".` });
      return g.id;
    });
  }

  private categoryCondition(category: Category): Expression<SqlBool> {
    switch (category.rule) {
      case 'trending':
        return sql<SqlBool>`t.popularity >= ${this.ref.trendingThreshold}`;
      case 'new-releases':
        return sql<SqlBool>`t.release_date >= ${this.ref.newReleaseCutoff}`;
      case 'top-rated':
        return sql<SqlBool>`t.rating >= ${this.ref.topRatedThreshold}`;
      case 'series':
        return sql<SqlBool>`t.type = 'series'`;
      case 'movies':
        return sql<SqlBool>`t.type = 'movie'`;
      case 'free':
        return sql<SqlBool>`t.premium = 0`;
      case 'genre':
        return sql<SqlBool>`t.id in (select title_id from title_genres where genre_id = ${category.genreId ?? ''})`;
      default:
        return sql<SqlBool>`1 = 1`;
    }
  }

  /** Filters combine with AND across facets and OR within one facet, as the explore screen toggles them. */
  private applyFilters(query: TitlesQuery, f: SearchFilters): TitlesQuery {
    let q = query.where(this.availableIn(f.country));
    const text = f.q ? textMatchCondition(f.q, this.dialect) : null;
    if (text) q = q.where(text);
    if (f.type) q = q.where('t.type', '=', f.type);
    if (f.categories?.length) {
      const conditions = f.categories.map((ref) => {
        const c = this.ref.findCategory(ref);
        if (!c) throw badRequest(`Unknown category "${ref}".`, { categories: `Unknown category "${ref}".` });
        return this.categoryCondition(c);
      });
      q = q.where((eb) => eb.or(conditions));
    }
    if (f.genres?.length) {
      const ids = this.genreIds(f.genres);
      q = q.where(sql<SqlBool>`t.id in (select title_id from title_genres where genre_id in (${sql.join(ids)}))`);
    }
    if (f.countries?.length) {
      const codes = f.countries.map((c) => c.toUpperCase());
      q = q.where(sql<SqlBool>`t.id in (select title_id from title_countries where country in (${sql.join(codes)}))`);
    }
    if (f.languages?.length) q = q.where('t.language', 'in', f.languages.map((l) => l.toLowerCase()));
    if (f.timePeriods?.length) {
      const ranges = f.timePeriods.map((p) => {
        const range = parseTimePeriod(p);
        if (!range) throw badRequest(`Unknown time period "${p}". Use a decade like 1990s or a range like 1995-2005.`, { timePeriods: 'Invalid time period.' });
        return range;
      });
      q = q.where((eb) => eb.or(ranges.map(([lo, hi]) => eb.and([eb('t.year', '>=', lo), eb('t.year', '<=', hi)]))));
    }
    return q;
  }

  private applySort(query: TitlesQuery, sortBy: SortBy, text: string | undefined): TitlesQuery {
    switch (sortBy) {
      case 'relevance': {
        const rank = text ? textRankExpression(text, this.dialect) : null;
        return rank ? query.orderBy(rank).orderBy('t.popularity', 'desc') : this.applySort(query, 'popularity', text);
      }
      case 'newest':
        return query.orderBy('t.release_date', 'desc').orderBy('t.id');
      case 'oldest':
        return query.orderBy('t.release_date', 'asc').orderBy('t.id');
      case 'rating':
        return query.orderBy('t.rating', 'desc').orderBy('t.id');
      case 'az':
        return query.orderBy('t.name_sort', 'asc').orderBy('t.id');
      default:
        return query.orderBy('t.popularity', 'desc').orderBy('t.id');
    }
  }

  async search(f: SearchFilters, urls: Urls): Promise<Page<TitleCard>> {
    const limit = clampLimit(f.limit);
    const page = Math.max(1, f.page);
    const sortBy = f.sortBy ?? (f.q?.trim() ? 'relevance' : 'popularity');
    const filtered = this.applyFilters(this.titles(), f);
    const rows = await this.applySort(filtered.select(CARD_COLUMNS), sortBy, f.q)
      .limit(limit + 1).offset((page - 1) * limit).execute();
    const hasMore = rows.length > limit;
    const results = rows.slice(0, limit).map((r) => this.toCard(r as CardRow, urls));
    // Counting is the expensive part on a large catalogue; a short last page already tells the total.
    const total = !hasMore && (results.length > 0 || page === 1)
      ? (page - 1) * limit + results.length
      : Number((await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    return { results, page, limit, total, hasMore };
  }

  /** Category pages: each rule has its natural order (trending by popularity, new by date...). */
  async categoryTitles(category: Category, country: string, page: number, limit: number, urls: Urls): Promise<Page<TitleCard>> {
    const sortBy: SortBy = category.rule === 'new-releases' ? 'newest' : category.rule === 'top-rated' ? 'rating' : 'popularity';
    return this.search({ categories: [category.id], country, page, limit, sortBy }, urls);
  }

  async rail(filters: Omit<SearchFilters, 'page' | 'limit'>, limit: number, urls: Urls, excludeIds: string[] = []): Promise<TitleCard[]> {
    let q = this.applyFilters(this.titles(), { ...filters, page: 1, limit });
    if (excludeIds.length) q = q.where('t.id', 'not in', excludeIds);
    const rows = await this.applySort(q.select(CARD_COLUMNS), filters.sortBy ?? 'popularity', filters.q).limit(limit).execute();
    return rows.map((r) => this.toCard(r as CardRow, urls));
  }

  /** Genre rails read the (genre, popularity) index directly instead of filtering the titles table. */
  async genreRail(genreId: string, country: string, limit: number, urls: Urls, excludeId?: string): Promise<TitleCard[]> {
    let q = this.db.selectFrom('title_genres as tg')
      .innerJoin('titles as t', 't.id', 'tg.title_id')
      .select(CARD_COLUMNS)
      .where('tg.genre_id', '=', genreId)
      .where(this.availableIn(country));
    if (excludeId) q = q.where('tg.title_id', '!=', excludeId);
    const rows = await q.orderBy('tg.popularity', 'desc').limit(limit).execute();
    return rows.map((r) => this.toCard(r as CardRow, urls));
  }

  async cardsByIds(ids: string[], urls: Urls): Promise<Map<string, TitleCard>> {
    if (ids.length === 0) return new Map();
    const rows = await this.titles().select(CARD_COLUMNS).where('t.id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, this.toCard(r as CardRow, urls)]));
  }

  async isAvailable(titleId: string, country: string): Promise<boolean> {
    const row = await this.titles().select('t.id').where('t.id', '=', titleId).where(this.availableIn(country)).executeTakeFirst();
    return !!row;
  }
}
