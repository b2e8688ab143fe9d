import type { IndexEntry } from './index-entry';

/** Ids are unique, so ordering by id last makes every order total and stable. */
const byId = (a: IndexEntry, b: IndexEntry) => (a.id < b.id ? -1 : 1);
/** Plain code-unit order: ISO dates and the precomputed sort names compare as text. */
const byText = (x: string, y: string) => (x === y ? 0 : x < y ? -1 : 1);

/** The index's sort orders; ties break on id so every order is total and stable. */
export const compare = {
  popularity: (a: IndexEntry, b: IndexEntry) => b.popularity - a.popularity || byId(a, b),
  newest: (a: IndexEntry, b: IndexEntry) => byText(b.releaseDate, a.releaseDate) || byId(a, b),
  oldest: (a: IndexEntry, b: IndexEntry) => byText(a.releaseDate, b.releaseDate) || byId(a, b),
  rating: (a: IndexEntry, b: IndexEntry) => b.rating - a.rating || byId(a, b),
  az: (a: IndexEntry, b: IndexEntry) => byText(a.nameSort, b.nameSort) || byId(a, b),
};
