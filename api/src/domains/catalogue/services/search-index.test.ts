import { buildCatalogue } from '../data/catalogue-data';
import { useTestApp } from '../../../test/test-app';
import type { Category } from './catalogue-reference';
import type { IndexEntry, IndexFilters, IndexedSort, SearchIndex } from './search-index';

/**
 * The bitset index against the plainest possible filter-and-sort over the same
 * entries, for a few hundred random filter combinations: totals, pages and rails
 * must be identical, whichever road (walking the order or sorting a few matches)
 * the index takes.
 */
const t = useTestApp({ catalogue: () => buildCatalogue({ syntheticTitles: 4000 }) });
let index: SearchIndex;
beforeAll(async () => {
  index = t.app.catalogue.index;
});

const byId = (a: IndexEntry, b: IndexEntry) => (a.id < b.id ? -1 : 1);
const reference: Record<IndexedSort, (a: IndexEntry, b: IndexEntry) => number> = {
  popularity: (a, b) => b.popularity - a.popularity || byId(a, b),
  newest: (a, b) =>
    a.releaseDate === b.releaseDate ? byId(a, b) : a.releaseDate < b.releaseDate ? 1 : -1,
  oldest: (a, b) =>
    a.releaseDate === b.releaseDate ? byId(a, b) : a.releaseDate < b.releaseDate ? -1 : 1,
  rating: (a, b) => b.rating - a.rating || byId(a, b),
  az: (a, b) => (a.nameSort === b.nameSort ? byId(a, b) : a.nameSort < b.nameSort ? -1 : 1),
};

function matches(e: IndexEntry, f: IndexFilters, text: Set<number> | null): boolean {
  const ref = t.app.catalogue.ref;
  const inCategory = (c: Category) => {
    switch (c.rule) {
      case 'genre':
        return e.genreIds.includes(c.genreId ?? '');
      case 'trending':
        return e.popularity >= ref.trendingThreshold;
      case 'new-releases':
        return e.releaseDate >= ref.newReleaseCutoff;
      case 'top-rated':
        return e.rating >= ref.topRatedThreshold;
      case 'series':
        return e.type === 'series';
      case 'movies':
        return e.type === 'movie';
      case 'free':
        return !e.premium;
      default:
        return false;
    }
  };
  return (
    (e.availableIn === null || e.availableIn.has(f.country)) &&
    (text === null || text.has(e.seq)) &&
    (!f.type || e.type === f.type) &&
    (!f.genreIds?.length || f.genreIds.some((g) => e.genreIds.includes(g))) &&
    (!f.languages?.length || f.languages.includes(e.language)) &&
    (!f.countries?.length || f.countries.some((c) => e.productionCountries.includes(c))) &&
    (!f.years?.length || f.years.some(([lo, hi]) => e.year >= lo && e.year <= hi)) &&
    (!f.categories?.length || f.categories.some(inCategory)) &&
    !f.excludeIds?.has(e.id)
  );
}

test('bitset queries equal a straightforward filter for random combinations', () => {
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const some = <T>(list: readonly T[], max: number): T[] => [
    ...new Set(Array.from({ length: 1 + Math.floor(rand() * max) }, () => pick(list))),
  ];

  const ref = t.app.catalogue.ref;
  const entries = index.bySeq.filter((e): e is IndexEntry => !!e);
  const genreIds = [...ref.genres.map((g) => g.id), 'g-unknown'];
  const languages = [...new Set(entries.map((e) => e.language)), 'xx'];
  const countries = [
    ...new Set(entries.flatMap((e) => [...e.productionCountries, ...(e.availableIn ?? [])])),
    'ZZ',
  ];
  const years = [...new Set(entries.map((e) => e.year))];
  const sorts = Object.keys(reference) as IndexedSort[];
  let nonEmpty = 0;

  for (let i = 0; i < 400; i++) {
    const f: IndexFilters = { country: pick(countries) };
    if (rand() < 0.3) f.type = pick(['movie', 'series'] as const);
    if (rand() < 0.5) f.genreIds = some(genreIds, 3);
    if (rand() < 0.3) f.languages = some(languages, 2);
    if (rand() < 0.3) f.countries = some(countries, 2);
    if (rand() < 0.4)
      f.years = some(years, 2).map((y) => [y, y + Math.floor(rand() * 12)] as [number, number]);
    if (rand() < 0.3) f.categories = some(ref.categories, 2);
    let text: Set<number> | null = null;
    if (rand() < 0.2) {
      const seqs = Array.from({ length: 1 + Math.floor(rand() * 400) }, () => pick(entries).seq);
      f.textSeqs = seqs;
      text = new Set(seqs);
    }
    const sort = pick(sorts);
    const limit = 1 + Math.floor(rand() * 30);
    const offset = rand() < 0.5 ? 0 : Math.floor(rand() * 200);
    if (rand() < 0.3) {
      // Rails leave out the title on screen: exclude some of the leading matches and some random titles.
      const leading = entries
        .filter((e) => matches(e, f, text))
        .sort(reference[sort])
        .slice(0, 3);
      f.excludeIds = new Set(
        [
          ...leading.filter(() => rand() < 0.7),
          ...Array.from({ length: 3 }, () => pick(entries)),
        ].map((e) => e.id),
      );
    }

    const expected = entries.filter((e) => matches(e, f, text)).sort(reference[sort]);
    const got = index.query(f, ref, sort, offset, limit);
    expect({ i, total: got.total, ids: got.items.map((e) => e.id) }).toEqual({
      i,
      total: expected.length,
      ids: expected.slice(offset, offset + limit).map((e) => e.id),
    });
    expect(index.top(f, ref, sort, limit).map((e) => e.id)).toEqual(
      expected.slice(0, limit).map((e) => e.id),
    );

    // Relevance: the text matcher's order, filtered.
    const ordered = Array.from({ length: Math.floor(rand() * 300) }, () => pick(entries).seq);
    const unique = [...new Set(ordered)];
    const relevant = unique
      .map((s) => index.bySeq[s]!)
      .filter((e) => matches(e, { ...f, textSeqs: null }, null));
    const ranked = index.query({ ...f, textSeqs: null }, ref, sort, offset, limit, unique);
    expect({ i, total: ranked.total, ids: ranked.items.map((e) => e.id) }).toEqual({
      i,
      total: relevant.length,
      ids: relevant.slice(offset, offset + limit).map((e) => e.id),
    });
    if (expected.length > 0) nonEmpty++;
  }
  // The random filters must exercise real results, not only empty ones.
  expect(nonEmpty).toBeGreaterThan(150);
});
