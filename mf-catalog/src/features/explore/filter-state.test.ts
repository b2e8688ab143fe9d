import {
  buildSearchBody,
  clearAll,
  emptyFilters,
  isInitialList,
  nextSearchPage,
  parseFilters,
  setSort,
  toSearchParams,
  toggleById,
  toggleByValue,
  visibleResults,
  withKnownValues,
} from './filter-state';

describe('explore filter rules (spec §4-§5)', () => {
  it('categories and genres toggle by id: the same id switches off even if the name differs', () => {
    const on = toggleById([], { id: 'g-action', name: 'Action' } as { id: string });
    expect(on).toEqual(['g-action']);
    expect(toggleById(on, { id: 'g-action', name: 'Renamed' } as { id: string })).toEqual([]);
    expect(toggleById(on, { id: 'c-trending' })).toEqual(['g-action', 'c-trending']);
  });

  it('countries, languages and time periods toggle by value', () => {
    const on = toggleByValue(['FR'], { value: 'US' });
    expect(on).toEqual(['FR', 'US']);
    expect(toggleByValue(on, { value: 'FR' })).toEqual(['US']);
    expect(toggleByValue(toggleByValue([], { value: '1990s' }), { value: '1990s' })).toEqual([]);
  });

  it('sort is a single value: choosing another replaces it', () => {
    const a = setSort(emptyFilters, 'rating');
    const b = setSort(a, 'newest');
    expect(b.sortBy).toBe('newest');
    expect(toSearchParams(b).getAll('sort')).toEqual(['newest']);
  });

  it('clear-all resets every filter and the search text', () => {
    const filtered = {
      ...emptyFilters,
      q: 'night',
      genres: ['g-drama'],
      countries: ['US'],
      sortBy: 'az' as const,
      type: 'movie' as const,
    };
    const cleared = clearAll();
    expect(cleared).toEqual(emptyFilters);
    expect(toSearchParams(cleared).toString()).toBe('');
    expect(isInitialList(cleared)).toBe(true);
    expect(isInitialList(filtered)).toBe(false);
  });

  it('drops empty and null values before the payload is sent', () => {
    const body = buildSearchBody(
      { ...emptyFilters, q: '  ', genres: ['g-drama'], countries: [], sortBy: null },
      { page: 2, limit: 24, userId: '', country: null },
    );
    expect(body).toEqual({ genres: ['g-drama'], page: 2, limit: 24 });
    expect(Object.values(body)).not.toContain(null);
  });

  it('sends the user id when signed in', () => {
    expect(
      buildSearchBody({ ...emptyFilters, q: 'x' }, { page: 1, limit: 24, userId: 'u1' }),
    ).toEqual({ userId: 'u1', search: 'x', page: 1, limit: 24 });
  });

  it('a failed search clears the results', () => {
    const pages = [{ results: [{ id: 't-1' }] }];
    expect(visibleResults({ isError: false, pages })).toHaveLength(1);
    expect(visibleResults({ isError: true, pages })).toEqual([]);
  });

  it('pages while hasMore is true and stops when it is false', () => {
    expect(nextSearchPage({ page: 1, hasMore: true })).toBe(2);
    expect(nextSearchPage({ page: 3, hasMore: false })).toBeUndefined();
  });
});

describe('filter state in the URL', () => {
  it('round-trips through the query string', () => {
    const filters = {
      ...emptyFilters,
      q: 'red river',
      genres: ['g-drama', 'g-action'],
      languages: ['en'],
      timePeriods: ['1990s'],
      sortBy: 'rating' as const,
      type: 'series' as const,
    };
    expect(parseFilters(toSearchParams(filters))).toEqual(filters);
  });

  it('ignores a corrupt value and keeps the rest', () => {
    const parsed = parseFilters(
      new URLSearchParams(
        'genre=g-drama&genre=%3Cscript%3E&country=usa&country=FR&sort=loudest&type=podcast&period=199&period=1990s&q=%00ok',
      ),
    );
    expect(parsed.genres).toEqual(['g-drama']);
    expect(parsed.countries).toEqual(['FR']);
    expect(parsed.timePeriods).toEqual(['1990s']);
    expect(parsed.sortBy).toBeNull();
    expect(parsed.type).toBeNull();
  });

  it('drops ids the server does not know, keeping the known ones', () => {
    const parsed = {
      ...emptyFilters,
      genres: ['g-drama', 'g-nope'],
      categories: ['c-gone'],
      countries: ['FR', 'ZZ'],
      timePeriods: ['1995-2005'],
    };
    const known = withKnownValues(parsed, {
      genres: [{ id: 'g-drama' }],
      categories: [{ id: 'c-trending' }],
      countries: [{ code: 'FR' }],
      languages: [],
      timePeriods: [],
    });
    expect(known).toMatchObject({
      genres: ['g-drama'],
      categories: [],
      countries: ['FR'],
      timePeriods: ['1995-2005'],
    });
  });
});
