import type { ApiBody } from '@streamflix/shared';

/**
 * Explore's filter state and the spec's rules (§3-§5), as pure functions so each
 * rule is tested on its own. The state lives in the URL: a filtered view can be
 * shared, survives reload, and Back returns to it.
 */
export const SORT_VALUES = ['relevance', 'popularity', 'newest', 'oldest', 'rating', 'az'] as const;
export type SortBy = (typeof SORT_VALUES)[number];
export type TitleType = 'movie' | 'series';

export interface ExploreFilters {
  /** Search text (spec: querySearch / movieName). */
  q: string;
  /** Selected category ids (toggle by id). */
  categories: string[];
  /** Selected genre ids (toggle by id). */
  genres: string[];
  /** Selected country codes (toggle by value). */
  countries: string[];
  /** Selected language codes (toggle by value). */
  languages: string[];
  /** Selected time periods (toggle by value). */
  timePeriods: string[];
  /** One sort at a time. */
  sortBy: SortBy | null;
  type: TitleType | null;
}

export const emptyFilters: ExploreFilters = {
  q: '',
  categories: [],
  genres: [],
  countries: [],
  languages: [],
  timePeriods: [],
  sortBy: null,
  type: null,
};

export type ListKey = 'categories' | 'genres' | 'countries' | 'languages' | 'timePeriods';

/** URL parameter per filter (repeated for lists: ?genre=g-action&genre=g-drama). */
export const PARAM: Record<ListKey | 'q' | 'sortBy' | 'type', string> = {
  q: 'q',
  categories: 'category',
  genres: 'genre',
  countries: 'country',
  languages: 'language',
  timePeriods: 'period',
  sortBy: 'sort',
  type: 'type',
};

const MAX_QUERY_LENGTH = 100;
const MAX_PER_FACET = 20;

/** What a well-formed value looks like; anything else in the URL is ignored. */
const FORMAT: Record<ListKey, RegExp> = {
  categories: /^[a-z0-9][a-z0-9-]{0,59}$/i,
  genres: /^[a-z0-9][a-z0-9-]{0,59}$/i,
  countries: /^[A-Z]{2}$/,
  languages: /^[a-z]{2,3}$/,
  timePeriods: /^(\d{4}s|\d{4}-\d{4}|before-\d{4}|\d{4})$/,
};

export const LIST_KEYS: ListKey[] = [
  'categories',
  'genres',
  'countries',
  'languages',
  'timePeriods',
];

/**
 * Reads filters from the URL. Never throws: a corrupt value is dropped and the
 * rest are kept.
 */
export function parseFilters(params: URLSearchParams): ExploreFilters {
  const filters: ExploreFilters = { ...emptyFilters };
  filters.q = (params.get(PARAM.q) ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  for (const key of LIST_KEYS) {
    const values = params
      .getAll(PARAM[key])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter((v) => FORMAT[key].test(v));
    filters[key] = [...new Set(values)].slice(0, MAX_PER_FACET);
  }
  const sort = params.get(PARAM.sortBy);
  filters.sortBy = (SORT_VALUES as readonly string[]).includes(sort ?? '')
    ? (sort as SortBy)
    : null;
  const type = params.get(PARAM.type);
  filters.type = type === 'movie' || type === 'series' ? type : null;
  return filters;
}

/** Writes filters to URL parameters, leaving out anything empty. */
export function toSearchParams(filters: ExploreFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set(PARAM.q, filters.q.trim());
  for (const key of LIST_KEYS) for (const v of filters[key]) params.append(PARAM[key], v);
  if (filters.sortBy) params.set(PARAM.sortBy, filters.sortBy);
  if (filters.type) params.set(PARAM.type, filters.type);
  return params;
}

/** Categories and genres toggle by id. */
export function toggleById(selected: string[], item: { id: string }): string[] {
  return selected.includes(item.id)
    ? selected.filter((id) => id !== item.id)
    : [...selected, item.id];
}

/** Countries, languages and time periods toggle by value. */
export function toggleByValue(selected: string[], item: { value: string }): string[] {
  return selected.includes(item.value)
    ? selected.filter((v) => v !== item.value)
    : [...selected, item.value];
}

/** Sort is a single value: choosing one replaces the other. */
export function setSort(filters: ExploreFilters, sortBy: SortBy | null): ExploreFilters {
  return { ...filters, sortBy };
}

/** Clear-all resets every filter and the search text (the results reset with them). */
export function clearAll(): ExploreFilters {
  return { ...emptyFilters };
}

export function activeFilterCount(filters: ExploreFilters): number {
  return (
    LIST_KEYS.reduce((n, k) => n + filters[k].length, 0) +
    (filters.sortBy ? 1 : 0) +
    (filters.type ? 1 : 0)
  );
}

/** Nothing chosen at all: the initial list comes from GET /titles/search. */
export function isInitialList(filters: ExploreFilters): boolean {
  return filters.q === '' && activeFilterCount(filters) === 0;
}

/** What POST /titles/search accepts, straight from the contract. */
export type SearchBody = ApiBody<'POST /titles/search'>;

/**
 * The POST /titles/search body. Empty and null values are dropped before the
 * payload is sent (spec §5); the user id goes along when signed in.
 */
export function buildSearchBody(
  filters: ExploreFilters,
  {
    page,
    limit,
    userId,
    country,
  }: { page: number; limit: number; userId?: string | null; country?: string | null },
): SearchBody {
  const body: Record<string, unknown> = {
    userId,
    search: filters.q.trim(),
    categories: filters.categories,
    genres: filters.genres,
    countries: filters.countries,
    languages: filters.languages,
    timePeriods: filters.timePeriods,
    sortBy: filters.sortBy,
    type: filters.type,
    country,
  };
  for (const [k, v] of Object.entries(body)) {
    const empty = v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
    if (empty) delete body[k];
  }
  return { ...(body as Omit<SearchBody, 'page' | 'limit'>), page, limit };
}

/** Paging follows the server's hasMore. */
export function nextSearchPage(last: { page: number; hasMore: boolean }): number | undefined {
  return last.hasMore ? last.page + 1 : undefined;
}

/** A failed search clears the results (spec §4): nothing stale is shown as if it matched. */
export function visibleResults<T>(state: {
  isError: boolean;
  pages?: Array<{ results: T[] }>;
}): T[] {
  if (state.isError) return [];
  return state.pages?.flatMap((p) => p.results) ?? [];
}

export interface KnownOptions {
  categories: Array<{ id: string }>;
  genres: Array<{ id: string }>;
  countries: Array<{ code: string }>;
  languages: Array<{ code: string }>;
  timePeriods: Array<{ value: string }>;
}

/**
 * Drops values the server does not know (a hand-edited or outdated link), so one
 * bad value does not turn the whole search into an error; the rest are kept.
 */
export function withKnownValues(filters: ExploreFilters, options: KnownOptions): ExploreFilters {
  const known: Record<Exclude<ListKey, 'timePeriods'>, Set<string>> = {
    categories: new Set(options.categories.map((c) => c.id)),
    genres: new Set(options.genres.map((g) => g.id)),
    countries: new Set(options.countries.map((c) => c.code)),
    languages: new Set(options.languages.map((l) => l.code)),
  };
  const next = { ...filters };
  // Time periods are open-ended ('1995-2005', '2001'); their format was checked when parsed.
  for (const key of LIST_KEYS)
    if (key !== 'timePeriods') next[key] = filters[key].filter((v) => known[key].has(v));
  return next;
}
