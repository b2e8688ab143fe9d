import type { IndexEntry } from './search-index';

/** The index's sort orders; ties break on id so every order is total and stable. */
export const compare = {
  popularity: (a: IndexEntry, b: IndexEntry) =>
    b.popularity - a.popularity || (a.id < b.id ? -1 : 1),
  newest: (a: IndexEntry, b: IndexEntry) =>
    a.releaseDate === b.releaseDate
      ? a.id < b.id
        ? -1
        : 1
      : a.releaseDate < b.releaseDate
        ? 1
        : -1,
  oldest: (a: IndexEntry, b: IndexEntry) =>
    a.releaseDate === b.releaseDate
      ? a.id < b.id
        ? -1
        : 1
      : a.releaseDate < b.releaseDate
        ? -1
        : 1,
  rating: (a: IndexEntry, b: IndexEntry) => b.rating - a.rating || (a.id < b.id ? -1 : 1),
  az: (a: IndexEntry, b: IndexEntry) =>
    a.nameSort === b.nameSort ? (a.id < b.id ? -1 : 1) : a.nameSort < b.nameSort ? -1 : 1,
};
