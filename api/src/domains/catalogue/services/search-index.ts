import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { andInto, orInto, popcount, setBit, type Bits } from './bitsets';
import type { Category, CatalogueReference } from './catalogue-reference';
import type { IndexEntry } from './index-entry';
import { compare } from './title-orders';
import { LocalizedNames } from './localized-names';
import { ALL_LEVELS, ratingLevel } from '../../../lib/maturity';

export type { IndexEntry };

export type IndexedSort = 'popularity' | 'newest' | 'oldest' | 'rating' | 'az';

export interface IndexFilters {
  /** Full-text matches (titles.seq values), when the query had text and isn't ranked by relevance. */
  textSeqs?: ArrayLike<number> | null;
  type?: 'movie' | 'series';
  categories?: Category[];
  genreIds?: string[];
  countries?: string[];
  languages?: string[];
  years?: Array<[number, number]>;
  country: string;
  /** The profile's maturity ceiling (lib/maturity.ts); absent or 4: every rating. */
  maturity?: number;
  excludeIds?: Set<string>;
}

const FLAG_RULES = ['trending', 'new-releases', 'top-rated', 'series', 'movies', 'free'] as const;

/**
 * The browse/filter index, loaded from the database at start (the catalogue is
 * read-only at run time). Every facet value (genre, language, year, type,
 * category rule, production country, streaming country) owns a bitset over
 * titles.seq; a query ORs the values within a facet and ANDs the facets, a few
 * thousand word operations for 100,000 titles. The exact total is a popcount
 * and the page comes from one pre-sorted seq list per order, walked only until
 * the page is full (or, for a handful of matches, by sorting their positions).
 * Full text stays in the database (FTS5 / tsvector) and arrives here as seqs.
 */
export class SearchIndex {
  byId = new Map<string, IndexEntry>();
  bySeq: IndexEntry[] = [];
  maxSeq = 0;
  /** Titles by their localised names, per language (a search matches those in its language too). */
  localNames = new LocalizedNames();
  private words = 0;
  private orders = {} as Record<IndexedSort, Int32Array>;
  /** seq → position in each order: sorting the positions of a few matches orders them without walking the list. */
  private ranks = {} as Record<IndexedSort, Int32Array>;
  private everywhere: Bits = new Uint32Array(0);
  /** Everywhere-titles plus the ones restricted to that country. */
  private streamsIn = new Map<string, Bits>();
  private byGenre = new Map<string, Bits>();
  private byLanguage = new Map<string, Bits>();
  private byYear = new Map<number, Bits>();
  private byDecade = new Map<number, Bits>();
  private byProduction = new Map<string, Bits>();
  private byRule = new Map<string, Bits>();
  private byType = new Map<string, Bits>();
  /** [level] → titles rated at or below that level (levels 1–3; 4 is everything). */
  private atOrBelow: Bits[] = [];
  // Queries run synchronously, so one pair of scratch sets serves every request
  // instead of allocating two 12 KB arrays per search.
  private acc: Bits = new Uint32Array(0);
  private union: Bits = new Uint32Array(0);

  async load(db: Kysely<Database>, ref: CatalogueReference): Promise<void> {
    const rows = await db
      .selectFrom('titles')
      .select([
        'seq',
        'id',
        'type',
        'name',
        'name_sort',
        'year',
        'release_date',
        'rating',
        'maturity',
        'premium',
        'runtime_minutes',
        'popularity',
        'language',
        'genre_ids',
        'countries',
        'available_everywhere',
      ])
      .execute();
    const availability = new Map<string, Set<string>>();
    for (const a of await db
      .selectFrom('title_availability')
      .select(['title_id', 'country'])
      .execute()) {
      let set = availability.get(a.title_id);
      if (!set) availability.set(a.title_id, (set = new Set()));
      set.add(a.country);
    }
    const entries = rows.map((r): IndexEntry => {
      const genreIds = JSON.parse(r.genre_ids) as string[];
      return {
        seq: Number(r.seq),
        id: r.id,
        type: r.type,
        name: r.name,
        nameSort: r.name_sort,
        year: r.year,
        releaseDate: r.release_date,
        rating: Number(r.rating),
        maturity: r.maturity,
        premium: r.premium === 1,
        runtimeMinutes: r.runtime_minutes,
        popularity: Number(r.popularity),
        language: r.language,
        genreIds,
        genreNames: genreIds.map((g) => ref.genreById.get(g)?.name).filter((n): n is string => !!n),
        productionCountries: JSON.parse(r.countries) as string[],
        availableIn: r.available_everywhere ? null : (availability.get(r.id) ?? new Set()),
      };
    });
    this.build(entries, ref);
    this.localNames.build(ref.localizations, (id) => this.byId.get(id)?.seq);
  }

  private build(entries: IndexEntry[], ref: CatalogueReference): void {
    this.maxSeq = entries.reduce((m, e) => Math.max(m, e.seq), 0);
    const n = this.maxSeq + 1;
    this.words = (n + 31) >>> 5;
    const bits = () => new Uint32Array(this.words);
    // A reload (the catalogue changed) starts from empty sets sized for the new catalogue.
    this.streamsIn = new Map();
    this.byGenre = new Map();
    this.byLanguage = new Map();
    this.byYear = new Map();
    this.byDecade = new Map();
    this.byProduction = new Map();
    this.byRule = new Map();
    this.byType = new Map();
    const add = <K>(map: Map<K, Bits>, key: K, seq: number) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = bits()));
      setBit(set, seq);
    };
    this.everywhere = bits();
    this.atOrBelow = Array.from({ length: ALL_LEVELS }, bits);
    this.acc = bits();
    this.union = bits();
    this.bySeq = new Array(n);
    for (const e of entries) {
      const s = e.seq;
      this.bySeq[s] = e;
      if (e.availableIn === null) setBit(this.everywhere, s);
      else for (const c of e.availableIn) add(this.streamsIn, c, s);
      for (const g of e.genreIds) add(this.byGenre, g, s);
      for (const c of e.productionCountries) add(this.byProduction, c, s);
      add(this.byLanguage, e.language, s);
      add(this.byYear, e.year, s);
      add(this.byDecade, e.year - (((e.year % 10) + 10) % 10), s);
      add(this.byType, e.type, s);
      if (e.popularity >= ref.trendingThreshold) add(this.byRule, 'trending', s);
      if (e.releaseDate >= ref.newReleaseCutoff) add(this.byRule, 'new-releases', s);
      if (e.rating >= ref.topRatedThreshold) add(this.byRule, 'top-rated', s);
      add(this.byRule, e.type === 'series' ? 'series' : 'movies', s);
      if (!e.premium) add(this.byRule, 'free', s);
      for (let level = ratingLevel(e.maturity); level < ALL_LEVELS; level++)
        setBit(this.atOrBelow[level]!, s);
    }
    for (const set of this.streamsIn.values()) orInto(set, this.everywhere);
    this.byId = new Map(entries.map((e) => [e.id, e]));
    for (const key of Object.keys(compare) as IndexedSort[]) {
      const order = Int32Array.from([...entries].sort(compare[key]), (e) => e.seq);
      const rank = new Int32Array(n);
      order.forEach((seq, i) => (rank[seq] = i));
      this.orders[key] = order;
      this.ranks[key] = rank;
    }
  }

  available(e: IndexEntry, country: string): boolean {
    return e.availableIn === null || e.availableIn.has(country);
  }

  /** The matching titles as a bitset (the shared scratch set: valid until the next query). */
  private matching(f: IndexFilters): Bits {
    const acc = this.acc;
    acc.set(this.streamsIn.get(f.country) ?? this.everywhere);
    const ceiling = this.ceilingSet(f);
    if (ceiling) andInto(acc, ceiling);
    if (f.textSeqs) {
      const text = this.union.fill(0);
      for (let i = 0; i < f.textSeqs.length; i++) setBit(text, f.textSeqs[i]!);
      andInto(acc, text);
    }
    if (f.type) this.andAnyOf([this.byType.get(f.type)]);
    if (f.genreIds?.length) this.andAnyOf(f.genreIds.map((g) => this.byGenre.get(g)));
    if (f.languages?.length) this.andAnyOf(f.languages.map((l) => this.byLanguage.get(l)));
    if (f.countries?.length) this.andAnyOf(f.countries.map((c) => this.byProduction.get(c)));
    if (f.years?.length) this.andAnyOf(this.yearSets(f.years));
    if (f.categories?.length) {
      this.andAnyOf(f.categories.map((c) => this.categorySet(c)));
    }
    for (const id of f.excludeIds ?? []) {
      const e = this.byId.get(id);
      if (e) acc[e.seq >>> 5]! &= ~(1 << (e.seq & 31));
    }
    return acc;
  }

  /** The titles a profile's ceiling lets through; null when it lets every title through. */
  private ceilingSet(f: IndexFilters): Bits | null {
    return f.maturity !== undefined && f.maturity < ALL_LEVELS
      ? this.atOrBelow[Math.max(1, f.maturity)]!
      : null;
  }

  private categorySet(c: Category): Bits | undefined {
    if (c.rule === 'genre') return this.byGenre.get(c.genreId ?? '');
    return FLAG_RULES.includes(c.rule as never) ? this.byRule.get(c.rule) : undefined;
  }

  /**
   * The sets a title must be in, when every facet has exactly one known value (rails: a category or a genre
   * in a country); null otherwise. A facet of several values needs a union, so it takes the bitset road.
   */
  private singleValueSets(f: IndexFilters): Bits[] | null {
    if (f.textSeqs || f.years?.length) return null;
    const sets = [this.streamsIn.get(f.country) ?? this.everywhere];
    const ceiling = this.ceilingSet(f);
    if (ceiling) sets.push(ceiling);
    const facets: Array<[string[] | undefined, (value: string) => Bits | undefined]> = [
      [f.type ? [f.type] : undefined, (t) => this.byType.get(t)],
      [f.genreIds, (g) => this.byGenre.get(g)],
      [f.languages, (l) => this.byLanguage.get(l)],
      [f.countries, (c) => this.byProduction.get(c)],
    ];
    for (const [values, lookup] of facets) {
      if (!values?.length) continue;
      const set = values.length === 1 ? lookup(values[0]!) : undefined;
      if (!set) return null;
      sets.push(set);
    }
    if (f.categories?.length) {
      const set = f.categories.length === 1 ? this.categorySet(f.categories[0]!) : undefined;
      if (!set) return null;
      sets.push(set);
    }
    return sets;
  }

  /** The sets covering some year ranges: whole decades by their own set, so "1990s" is one union, not ten. */
  private yearSets(ranges: Array<[number, number]>): Bits[] {
    const sets: Bits[] = [];
    for (const [decade, set] of this.byDecade) {
      if (ranges.some(([lo, hi]) => lo <= decade && hi >= decade + 9)) {
        sets.push(set);
        continue;
      }
      for (let y = decade; y <= decade + 9; y++) {
        const yearSet = this.byYear.get(y);
        if (yearSet && ranges.some(([lo, hi]) => y >= lo && y <= hi)) sets.push(yearSet);
      }
    }
    return sets;
  }

  /** One facet: titles having any of its values (an unknown value matches nothing). */
  private andAnyOf(sets: Array<Bits | undefined>): void {
    const known = sets.filter((s): s is Bits => s !== undefined);
    const acc = this.acc;
    if (known.length === 0) {
      acc.fill(0);
    } else if (known.length === 1) {
      andInto(acc, known[0]!);
    } else if (known.length === 2) {
      // The common case (two genres, two languages): one pass instead of building the union first.
      const [a, b] = known as [Bits, Bits];
      for (let w = 0; w < acc.length; w++) acc[w]! &= a[w]! | b[w]!;
    } else {
      const union = this.union;
      union.set(known[0]!);
      for (let i = 1; i < known.length; i++) orInto(union, known[i]!);
      andInto(acc, union);
    }
  }

  /** Matches `offset`..`offset + limit` in `sort` order, knowing there are `total` of them. */
  private page(
    acc: Bits,
    total: number,
    sort: IndexedSort,
    offset: number,
    limit: number,
  ): IndexEntry[] {
    const end = Math.min(total, offset + limit);
    if (offset >= end) return [];
    const order = this.orders[sort];
    const bySeq = this.bySeq;
    // Walk the sorted order first: filters often follow it (trending titles lead the popularity order, new
    // releases the newest), so the page tends to fill within a few entries. A walk that costs more than
    // ordering the matches directly (one pass over the words plus a sort of `total` positions) gives up and
    // does that instead, so a narrow filter never visits all 100,000 entries and no query pays more than twice.
    const budget = Math.min(order.length, this.words + total * 16);
    const items: IndexEntry[] = [];
    let seen = 0;
    for (let i = 0; i < budget; i++) {
      const s = order[i]!;
      if ((acc[s >>> 5]! & (1 << (s & 31))) !== 0) {
        if (seen >= offset) items.push(bySeq[s]!);
        if (++seen === end) return items;
      }
    }
    const rank = this.ranks[sort];
    const positions = new Int32Array(total);
    let k = 0;
    for (let w = 0; w < acc.length; w++) {
      let x = acc[w]!;
      while (x !== 0) {
        const low = x & -x;
        positions[k++] = rank[(w << 5) | (31 - Math.clz32(low))]!;
        x ^= low;
      }
    }
    positions.sort();
    return Array.from(positions.subarray(offset, end), (p) => bySeq[order[p]!]!);
  }

  /**
   * One page plus the exact total. `ordered` (seqs, best first) overrides the sort: the relevance order of a
   * full-text search, walked whole for its total (it is capped by the text matcher).
   */
  query(
    f: IndexFilters,
    _ref: CatalogueReference,
    sort: IndexedSort,
    offset: number,
    limit: number,
    ordered?: ArrayLike<number>,
  ) {
    const acc = this.matching(f);
    if (ordered) {
      const items: IndexEntry[] = [];
      let total = 0;
      for (let i = 0; i < ordered.length; i++) {
        const s = ordered[i]!;
        if (s >= 0 && (acc[s >>> 5]! & (1 << (s & 31))) !== 0) {
          if (total >= offset && items.length < limit) items.push(this.bySeq[s]!);
          total++;
        }
      }
      return { items, total };
    }
    const total = popcount(acc);
    return { items: this.page(acc, total, sort, offset, limit), total };
  }

  /** Top N: rails and "similar titles". */
  top(f: IndexFilters, _ref: CatalogueReference, sort: IndexedSort, limit: number): IndexEntry[] {
    // A rail wants a dozen titles from the head of an order. With one value per facet, testing candidates
    // against those sets usually fills it within a few dozen entries, far cheaper than building the whole
    // match set; a narrow filter that doesn't fill within a pass's worth of entries takes the bitset road.
    const sets = this.singleValueSets(f);
    if (sets) {
      const order = this.orders[sort];
      const budget = Math.min(order.length, this.words);
      const items: IndexEntry[] = [];
      candidates: for (let i = 0; i < budget && items.length < limit; i++) {
        const s = order[i]!;
        const word = s >>> 5;
        const bit = 1 << (s & 31);
        for (let j = 0; j < sets.length; j++)
          if ((sets[j]![word]! & bit) === 0) continue candidates;
        const e = this.bySeq[s]!;
        if (!f.excludeIds?.has(e.id)) items.push(e);
      }
      if (items.length === limit) return items;
    }
    const acc = this.matching(f);
    return this.page(acc, popcount(acc), sort, 0, limit);
  }
}
