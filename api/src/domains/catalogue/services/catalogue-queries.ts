import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type {
  Progress as ProgressSchema,
  TitleCard as TitleCardSchema,
} from '../../../lib/common-schemas';
import type { Database } from '../../../db/schema';
import { clampLimit } from '../../../lib/paging';
import { allowedFor } from '../../../lib/maturity';
import { badRequest } from '../../../lib/http-errors';
import type { TextMatcher } from '../../../db/search-dialect';
import type { Category, CatalogueReference, SortBy } from './catalogue-reference';
import type { IndexEntry, IndexFilters, IndexedSort, SearchIndex } from './search-index';
import type { Urls } from '../../../lib/urls';
import { SOURCE_LANGUAGE } from '../../../lib/i18n/languages';

/** Broad prefixes ("th") stop after this many full-text matches. */
export const MAX_TEXT_MATCHES = 10_000;
// The sort orders are reference data (the filter options list them): defined there, used here.
export type { SortBy } from './catalogue-reference';

export type { Urls };

/** The TypeBox shapes are the one definition; these names keep the service's signatures readable. */
export type TitleCard = Static<typeof TitleCardSchema>;
export type Progress = Static<typeof ProgressSchema>;

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
  /** The profile's maturity ceiling: titles above it are in no list. */
  maturity?: number;
}

export interface Page<T> {
  results: T[];
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

/** 'YYYY-YYYY', 'YYYYs' (a decade), 'before-YYYY' or a single 'YYYY'. */
export function parseTimePeriod(period: string): [number, number] | null {
  const p = period.trim().toLowerCase();
  let m = /^(\d{4})s$/.exec(p);
  if (m) return [Number(m[1]), Number(m[1]) + 9];
  m = /^(\d{4})\s*-\s*(\d{4})$/.exec(p);
  if (m)
    return Number(m[1]) <= Number(m[2])
      ? [Number(m[1]), Number(m[2])]
      : [Number(m[2]), Number(m[1])];
  m = /^before-(\d{4})$/.exec(p);
  if (m) return [0, Number(m[1]) - 1];
  m = /^(\d{4})$/.exec(p);
  if (m) return [Number(m[1]), Number(m[1])];
  return null;
}

/**
 * The full-text matches with the titles whose name in the request's language matched: those first (a
 * viewer who types a title's name in their language means that title), then the others, each once.
 */
function withLocalNames(
  text: Readonly<Int32Array> | null,
  local: number[] | null,
): ArrayLike<number> | null {
  if (!local?.length) return text;
  if (!text?.length) return local;
  const seen = new Set(local);
  const merged = [...local];
  for (let i = 0; i < text.length; i++) if (!seen.has(text[i]!)) merged.push(text[i]!);
  return merged;
}

/** Catalogue reads: the in-memory index for filtering and ordering, the database for full text. */
export class CatalogueQueries {
  constructor(
    readonly ref: CatalogueReference,
    readonly index: SearchIndex,
    private readonly text: TextMatcher,
  ) {}

  /**
   * Rebuilds the in-memory reference data, index and text-match cache from the database, after the
   * catalogue changed on this or another instance (the `catalogue` cluster event). Requests keep being
   * answered from the previous index until the new one is built.
   */
  async reload(db: Kysely<Database>): Promise<void> {
    this.text.clear();
    await this.ref.load(db);
    await this.index.load(db, this.ref);
    this.text.clear();
  }

  card(e: IndexEntry, urls: Urls): TitleCard {
    const english = urls.language === SOURCE_LANGUAGE;
    return {
      id: e.id,
      type: e.type,
      name: english ? e.name : this.ref.localized(e.id, { name: e.name }, urls.language).name,
      year: e.year,
      releaseDate: e.releaseDate,
      rating: e.rating,
      maturity: e.maturity,
      premium: e.premium,
      runtimeMinutes: e.runtimeMinutes,
      genres: english ? e.genreNames : this.ref.localGenreNames(e.genreIds, urls.language),
      posterUrl: urls.artwork(e.id, 'poster'),
      backdropUrl: urls.artwork(e.id, 'backdrop'),
    };
  }

  private resolve(f: Omit<SearchFilters, 'page' | 'limit' | 'q' | 'sortBy'>): IndexFilters {
    return {
      country: f.country,
      maturity: f.maturity,
      type: f.type,
      categories: f.categories?.map((ref) => {
        const c = this.ref.findCategory(ref);
        if (!c)
          throw badRequest(`Unknown category "${ref}".`, {
            categories: `Unknown category "${ref}".`,
          });
        return c;
      }),
      genreIds: f.genres?.map((ref) => {
        const g = this.ref.findGenre(ref);
        if (!g) throw badRequest(`Unknown genre "${ref}".`, { genres: `Unknown genre "${ref}".` });
        return g.id;
      }),
      countries: f.countries?.map((c) => c.toUpperCase()),
      languages: f.languages?.map((l) => l.toLowerCase()),
      years: f.timePeriods?.map((p) => {
        const range = parseTimePeriod(p);
        if (!range) {
          throw badRequest(
            `Unknown time period "${p}". Use a decade like 1990s or a range like 1995-2005.`,
            { timePeriods: 'Invalid time period.' },
          );
        }
        return range;
      }),
    };
  }

  async search(f: SearchFilters, urls: Urls): Promise<Page<TitleCard>> {
    const limit = clampLimit(f.limit);
    const page = Math.max(1, f.page);
    const hasText = !!f.q?.trim();
    const sortBy = f.sortBy ?? (hasText ? 'relevance' : 'popularity');
    const filters = this.resolve(f);
    let ordered: ArrayLike<number> | undefined;
    if (hasText) {
      const seqs = withLocalNames(
        await this.text.match(f.q!, sortBy === 'relevance', MAX_TEXT_MATCHES),
        urls.language === SOURCE_LANGUAGE ? null : this.index.localNames.match(f.q!, urls.language),
      );
      if (seqs) {
        if (sortBy === 'relevance') ordered = seqs;
        else filters.textSeqs = seqs;
      }
    }
    const sort: IndexedSort = sortBy === 'relevance' ? 'popularity' : sortBy;
    const { items, total } = this.index.query(
      filters,
      this.ref,
      sort,
      (page - 1) * limit,
      limit,
      ordered,
    );
    return {
      results: items.map((e) => this.card(e, urls)),
      page,
      limit,
      total,
      hasMore: page * limit < total,
    };
  }

  /** Category pages: each rule has its natural order (trending by popularity, new by date...). */
  categoryTitles(
    category: Category,
    country: string,
    page: number,
    limit: number,
    urls: Urls,
    maturity?: number,
  ): Promise<Page<TitleCard>> {
    const sortBy: SortBy =
      category.rule === 'new-releases'
        ? 'newest'
        : category.rule === 'top-rated'
          ? 'rating'
          : 'popularity';
    return this.search({ categories: [category.id], country, maturity, page, limit, sortBy }, urls);
  }

  rail(
    f: Omit<SearchFilters, 'page' | 'limit' | 'q'>,
    limit: number,
    urls: Urls,
    excludeIds: string[] = [],
  ): TitleCard[] {
    const filters = { ...this.resolve(f), excludeIds: new Set(excludeIds) };
    const sort: IndexedSort = !f.sortBy || f.sortBy === 'relevance' ? 'popularity' : f.sortBy;
    return this.index.top(filters, this.ref, sort, limit).map((e) => this.card(e, urls));
  }

  genreRail(
    genreId: string,
    country: string,
    limit: number,
    urls: Urls,
    excludeIds: Iterable<string> = [],
    maturity?: number,
  ): TitleCard[] {
    return this.index
      .top(
        { country, maturity, genreIds: [genreId], excludeIds: new Set(excludeIds) },
        this.ref,
        'popularity',
        limit,
      )
      .map((e) => this.card(e, urls));
  }

  cardsByIds(ids: string[], urls: Urls): Map<string, TitleCard> {
    const out = new Map<string, TitleCard>();
    for (const id of ids) {
      const e = this.index.byId.get(id);
      if (e) out.set(id, this.card(e, urls));
    }
    return out;
  }

  /** A title's in-memory facts (the catalogue is read-only while the server runs). */
  find(id: string): IndexEntry | undefined {
    return this.index.byId.get(id);
  }

  cardById(id: string, urls: Urls): TitleCard | undefined {
    const e = this.index.byId.get(id);
    return e ? this.card(e, urls) : undefined;
  }

  isAvailable(titleId: string, country: string): boolean {
    const e = this.index.byId.get(titleId);
    return !!e && this.index.available(e, country);
  }

  /**
   * The id and type of every title streamable in the country and allowed by the ceiling, in load order
   * (stable while the catalogue is): one pass over the in-memory index, a few ms for 100,000 titles.
   */
  availableTitles(
    country: string,
    maturity: number | undefined,
    page: number,
    limit: number,
  ): Page<{ id: string; type: 'movie' | 'series' }> {
    const start = (page - 1) * limit;
    const results: Array<{ id: string; type: 'movie' | 'series' }> = [];
    let total = 0;
    for (const e of this.index.bySeq) {
      if (!e || !this.index.available(e, country) || !allowedFor(e.maturity, maturity)) continue;
      if (total >= start && results.length < limit) results.push({ id: e.id, type: e.type });
      total++;
    }
    return { results, page, limit, total, hasMore: start + results.length < total };
  }
}
