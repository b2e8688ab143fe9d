import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Category, CatalogueReference } from './catalogue-reference';

export type IndexedSort = 'popularity' | 'newest' | 'oldest' | 'rating' | 'az';

export interface IndexEntry {
  seq: number;
  id: string;
  type: 'movie' | 'series';
  name: string;
  nameSort: string;
  year: number;
  releaseDate: string;
  rating: number;
  maturity: string;
  premium: boolean;
  runtimeMinutes: number;
  popularity: number;
  language: string;
  genreIds: string[];
  genreNames: string[];
  genreMask: number;
  productionCountries: string[];
  /** null = streamable everywhere. */
  availableIn: Set<string> | null;
}

export interface IndexFilters {
  textSeqs?: Uint8Array | null;
  type?: 'movie' | 'series';
  categories?: Category[];
  genreIds?: string[];
  countries?: string[];
  languages?: string[];
  years?: Array<[number, number]>;
  country: string;
  excludeIds?: Set<string>;
}

const compare = {
  popularity: (a: IndexEntry, b: IndexEntry) => b.popularity - a.popularity || (a.id < b.id ? -1 : 1),
  newest: (a: IndexEntry, b: IndexEntry) => (a.releaseDate === b.releaseDate ? (a.id < b.id ? -1 : 1) : a.releaseDate < b.releaseDate ? 1 : -1),
  oldest: (a: IndexEntry, b: IndexEntry) => (a.releaseDate === b.releaseDate ? (a.id < b.id ? -1 : 1) : a.releaseDate < b.releaseDate ? -1 : 1),
  rating: (a: IndexEntry, b: IndexEntry) => b.rating - a.rating || (a.id < b.id ? -1 : 1),
  az: (a: IndexEntry, b: IndexEntry) => (a.nameSort === b.nameSort ? (a.id < b.id ? -1 : 1) : a.nameSort < b.nameSort ? -1 : 1),
};

const TRENDING = 1, NEW = 2, TOP = 4, SERIES = 8, MOVIE = 16, FREE = 32;

/**
 * The browse/filter index: every title's filterable facts in typed-array
 * columns (indexed by titles.seq) plus one pre-sorted seq list per sort order,
 * loaded from the database at start (the catalogue is read-only at run time).
 * A filtered page with an exact total is one tight pass over a sorted list, about
 * 1 ms for 100,000 titles on either database. Full text stays in the database
 * (FTS5 / tsvector) and arrives here as a seq mask or a ranked list.
 */
export class SearchIndex {
  byId = new Map<string, IndexEntry>();
  bySeq: IndexEntry[] = [];
  maxSeq = 0;
  private orders = {} as Record<IndexedSort, Int32Array>;
  private byGenre = new Map<string, Int32Array>();
  private genreBit = new Map<string, number>();
  private countryBit = new Map<string, number>();
  private languageIdx = new Map<string, number>();
  private everywhere = new Uint8Array(0);
  private type = new Uint8Array(0);
  private flags = new Uint8Array(0);
  private genre = new Int32Array(0);
  private prod = new Int32Array(0);
  private year = new Int16Array(0);
  private lang = new Uint16Array(0);
  /** Restricted titles: a bit per country they stream in (the 31 most common), so the hot loop never touches a Set. */
  private avail = new Int32Array(0);
  private availBit = new Map<string, number>();

  async load(db: Kysely<Database>, ref: CatalogueReference): Promise<void> {
    if (ref.genres.length > 31) throw new Error('The search index supports at most 31 genres.');
    ref.genres.forEach((g, i) => this.genreBit.set(g.id, 1 << i));
    ref.countries.slice(0, 31).forEach((c, i) => this.countryBit.set(c.code, 1 << i));
    const rows = await db.selectFrom('titles').select([
      'seq', 'id', 'type', 'name', 'name_sort', 'year', 'release_date', 'rating', 'maturity', 'premium', 'runtime_minutes',
      'popularity', 'language', 'genre_ids', 'countries', 'available_everywhere',
    ]).execute();
    const availability = new Map<string, Set<string>>();
    for (const a of await db.selectFrom('title_availability').select(['title_id', 'country']).execute()) {
      let set = availability.get(a.title_id);
      if (!set) availability.set(a.title_id, (set = new Set()));
      set.add(a.country);
    }
    const entries = rows.map((r): IndexEntry => {
      const genreIds = JSON.parse(r.genre_ids) as string[];
      return {
        seq: Number(r.seq), id: r.id, type: r.type, name: r.name, nameSort: r.name_sort, year: r.year, releaseDate: r.release_date,
        rating: Number(r.rating), maturity: r.maturity, premium: r.premium === 1, runtimeMinutes: r.runtime_minutes,
        popularity: Number(r.popularity), language: r.language, genreIds,
        genreNames: genreIds.map((g) => ref.genreById.get(g)?.name).filter((n): n is string => !!n),
        genreMask: genreIds.reduce((m, g) => m | (this.genreBit.get(g) ?? 0), 0),
        productionCountries: JSON.parse(r.countries) as string[],
        availableIn: r.available_everywhere ? null : availability.get(r.id) ?? new Set(),
      };
    });
    const countryUse = new Map<string, number>();
    for (const set of availability.values()) for (const c of set) countryUse.set(c, (countryUse.get(c) ?? 0) + 1);
    [...countryUse].sort((a, b) => b[1] - a[1]).slice(0, 31).forEach(([c], i) => this.availBit.set(c, 1 << i));
    this.maxSeq = entries.reduce((m, e) => Math.max(m, e.seq), 0);
    const n = this.maxSeq + 1;
    this.bySeq = new Array(n);
    this.everywhere = new Uint8Array(n);
    this.type = new Uint8Array(n);
    this.flags = new Uint8Array(n);
    this.genre = new Int32Array(n);
    this.prod = new Int32Array(n);
    this.year = new Int16Array(n);
    this.lang = new Uint16Array(n);
    this.avail = new Int32Array(n);
    for (const e of entries) {
      const s = e.seq;
      for (const c of e.availableIn ?? []) this.avail[s]! |= this.availBit.get(c) ?? 0;
      this.bySeq[s] = e;
      this.everywhere[s] = e.availableIn === null ? 1 : 0;
      this.type[s] = e.type === 'series' ? 1 : 0;
      this.flags[s] = (e.popularity >= ref.trendingThreshold ? TRENDING : 0) | (e.releaseDate >= ref.newReleaseCutoff ? NEW : 0)
        | (e.rating >= ref.topRatedThreshold ? TOP : 0) | (e.type === 'series' ? SERIES : MOVIE) | (e.premium ? 0 : FREE);
      this.genre[s] = e.genreMask;
      this.prod[s] = e.productionCountries.reduce((m, c) => m | (this.countryBit.get(c) ?? 0), 0);
      this.year[s] = e.year;
      if (!this.languageIdx.has(e.language)) this.languageIdx.set(e.language, this.languageIdx.size + 1);
      this.lang[s] = this.languageIdx.get(e.language)!;
    }
    this.byId = new Map(entries.map((e) => [e.id, e]));
    for (const key of Object.keys(compare) as IndexedSort[]) {
      this.orders[key] = Int32Array.from([...entries].sort(compare[key]), (e) => e.seq);
    }
    const popular = this.orders.popularity;
    this.byGenre = new Map(ref.genres.map((g) => {
      const bit = this.genreBit.get(g.id)!;
      return [g.id, popular.filter((s) => (this.genre[s]! & bit) !== 0)];
    }));
  }

  available(e: IndexEntry, country: string): boolean {
    return e.availableIn === null || e.availableIn.has(country);
  }

  /** Walks `list`, keeping matches from `offset` up to `limit`; counts all matches unless `countAll` is false. */
  private scan(list: ArrayLike<number>, f: IndexFilters, offset: number, limit: number, countAll: boolean) {
    const { everywhere, type, flags, genre, prod, year, lang, bySeq, avail } = this;
    const country = f.country;
    const countryBit = this.availBit.get(country) ?? 0;
    // A country outside the bit map falls back to the per-title set.
    const countrySlow = !this.availBit.has(country);
    const text = f.textSeqs ?? null;
    const typeCode = f.type ? (f.type === 'series' ? 1 : 0) : -1;
    const gmask = (f.genreIds ?? []).reduce((m, g) => m | (this.genreBit.get(g) ?? 0), 0);
    const noGenreMatch = !!f.genreIds?.length && gmask === 0;
    let langs: Uint8Array | null = null;
    if (f.languages?.length) {
      langs = new Uint8Array(this.languageIdx.size + 2);
      for (const l of f.languages) {
        const idx = this.languageIdx.get(l);
        if (idx) langs[idx] = 1;
      }
    }
    let pmask = 0;
    let slowCountries: Set<string> | null = null;
    if (f.countries?.length) {
      for (const c of f.countries) {
        const bit = this.countryBit.get(c);
        if (bit) pmask |= bit;
        else (slowCountries ??= new Set()).add(c);
      }
    }
    let years: Uint8Array | null = null;
    if (f.years?.length) {
      years = new Uint8Array(4096);
      for (const [lo, hi] of f.years) for (let y = Math.max(0, lo); y <= Math.min(4095, hi); y++) years[y] = 1;
    }
    let catFlags = 0;
    let catGenres = 0;
    const categoryFilter = !!f.categories?.length;
    for (const c of f.categories ?? []) {
      if (c.rule === 'genre') catGenres |= this.genreBit.get(c.genreId ?? '') ?? 0;
      else catFlags |= { trending: TRENDING, 'new-releases': NEW, 'top-rated': TOP, series: SERIES, movies: MOVIE, free: FREE }[c.rule] ?? 0;
    }
    const exclude = f.excludeIds?.size ? f.excludeIds : null;
    const countryFilter = pmask !== 0 || slowCountries !== null;

    if (noGenreMatch) return { items: [] as IndexEntry[], total: 0 };
    return scanLoop({
      list, offset, limit, countAll, country, countryBit, countrySlow, avail, everywhere, bySeq, text, typeCode, type, gmask, genre, langs, lang, years, year,
      categoryFilter, flags, catFlags, catGenres, countryFilter, prod, pmask, slowCountries, exclude,
    });
  }

  private listFor(f: IndexFilters, sort: IndexedSort): ArrayLike<number> {
    if (sort === 'popularity' && f.genreIds?.length === 1) return this.byGenre.get(f.genreIds[0]!) ?? new Int32Array(0);
    return this.orders[sort];
  }

  /** One page plus the exact total. `ordered` overrides the sort (relevance order from full-text search). */
  query(f: IndexFilters, _ref: CatalogueReference, sort: IndexedSort, offset: number, limit: number, ordered?: IndexEntry[]) {
    return this.scan(ordered ? ordered.map((e) => e.seq) : this.listFor(f, sort), f, offset, limit, true);
  }

  /** Top N without counting: rails and "similar titles". */
  top(f: IndexFilters, _ref: CatalogueReference, sort: IndexedSort, limit: number): IndexEntry[] {
    return this.scan(this.listFor(f, sort), f, 0, limit, false).items;
  }
}

interface ScanArgs {
  list: ArrayLike<number>; offset: number; limit: number; countAll: boolean; country: string; countryBit: number; countrySlow: boolean; avail: Int32Array;
  everywhere: Uint8Array; bySeq: IndexEntry[]; text: Uint8Array | null; typeCode: number; type: Uint8Array;
  gmask: number; genre: Int32Array; langs: Uint8Array | null; lang: Uint16Array; years: Uint8Array | null; year: Int16Array;
  categoryFilter: boolean; flags: Uint8Array; catFlags: number; catGenres: number; countryFilter: boolean; prod: Int32Array;
  pmask: number; slowCountries: Set<string> | null; exclude: Set<string> | null;
}

// Kept apart from the setup so V8 optimises one small, monomorphic hot loop.
function scanLoop(a: ScanArgs): { items: IndexEntry[]; total: number } {
  const { list, offset, limit, countAll, country, countryBit, countrySlow, avail, everywhere, bySeq, text, typeCode, type, gmask, genre, langs, lang, years, year,
    categoryFilter, flags, catFlags, catGenres, countryFilter, prod, pmask, slowCountries, exclude } = a;
  const items: IndexEntry[] = [];
  let total = 0;
  const n = list.length;
  for (let i = 0; i < n; i++) {
    const s = list[i]!;
    if (everywhere[s] === 0 && (countrySlow ? !bySeq[s]!.availableIn!.has(country) : (avail[s]! & countryBit) === 0)) continue;
    if (text !== null && text[s] !== 1) continue;
    if (typeCode >= 0 && type[s] !== typeCode) continue;
    if (gmask !== 0 && (genre[s]! & gmask) === 0) continue;
    if (langs !== null && langs[lang[s]!] !== 1) continue;
    if (years !== null && years[year[s]!] !== 1) continue;
    if (categoryFilter && (flags[s]! & catFlags) === 0 && (genre[s]! & catGenres) === 0) continue;
    if (countryFilter && (prod[s]! & pmask) === 0 && !(slowCountries !== null && hasAny(bySeq[s]!.productionCountries, slowCountries))) continue;
    if (exclude !== null && exclude.has(bySeq[s]!.id)) continue;
    if (total >= offset && items.length < limit) items.push(bySeq[s]!);
    total++;
    if (!countAll && items.length >= limit) break;
  }
  return { items, total };
}

function hasAny(values: string[], set: Set<string>): boolean {
  for (const v of values) if (set.has(v)) return true;
  return false;
}
