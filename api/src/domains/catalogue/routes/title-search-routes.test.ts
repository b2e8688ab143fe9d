import { bearer, registerUser, useTestApp } from '../../../test/test-app';

const t = useTestApp();

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);
const search = (payload: object, headers?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/v1/titles/search', payload, headers });

describe('search', () => {
  test.each(['/v1/titles/search', '/v1/titles/search/search'])(
    "GET %s: full-text with paging in the caller's country",
    async (path) => {
      const res = await t.app.inject(`${path}?q=galax&country=US&page=1&limit=10`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        page: 1,
        limit: 10,
        total: 1,
        hasMore: false,
        results: [
          { id: 't-series', posterUrl: expect.stringContaining('/v1/artwork/t-series/poster.svg') },
        ],
      });
    },
  );

  test('without a query it lists the most popular titles available in the country', async () => {
    const us = (await t.app.inject('/v1/titles/search?country=US&limit=50')).json().data;
    expect(ids(us.results)).not.toContain('t-fr-only');
    expect(us.results[0].id).toBe('t-free');
    const fr = (await t.app.inject('/v1/titles/search?country=fr&limit=50')).json().data;
    expect(ids(fr.results)).toContain('t-fr-only');
  });

  test('filters combine: genres OR within, AND across facets', async () => {
    const res = await search({
      genres: ['action', 'g-comedy'],
      timePeriods: ['2020s'],
      country: 'US',
      sortBy: 'newest',
    });
    expect(ids(res.json().data.results)).toEqual(['t-premium', 't-free', 't-series-premium']);
    const old = await search({ timePeriods: ['1970-1979'], country: 'US' });
    expect(ids(old.json().data.results)).toEqual(['t-old']);
    const series = await search({
      categories: ['series'],
      languages: ['en'],
      countries: ['US'],
      country: 'US',
    });
    expect(ids(series.json().data.results).sort()).toEqual(['t-series', 't-series-premium']);
    const az = await search({ sortBy: 'az', limit: 3, country: 'US' });
    expect(az.json().data.results.map((r: { name: string }) => r.name)).toEqual([
      'Free Running',
      'Galaxy Quest Saga',
      'Night Court Files',
    ]);
  });

  test('empty and null filters are ignored (spec §5)', async () => {
    const res = await search({
      search: null,
      genres: [],
      categories: null,
      timePeriods: [''],
      country: 'US',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(5);
  });

  test('paging reports hasMore and the total', async () => {
    const p1 = (await search({ limit: 2, page: 1, country: 'US' })).json().data;
    expect(p1).toMatchObject({ page: 1, limit: 2, total: 5, hasMore: true });
    const p3 = (await search({ limit: 2, page: 3, country: 'US' })).json().data;
    expect(p3).toMatchObject({ total: 5, hasMore: false });
    expect(p3.results).toHaveLength(1);
    const beyond = (await search({ limit: 2, page: 9, country: 'US' })).json().data;
    expect(beyond).toMatchObject({ results: [], total: 5, hasMore: false });
  });

  test.each([
    "' OR 1=1 --",
    '"unterminated',
    'NEAR(a b)',
    'name:*',
    '*',
    ')))',
    '; DROP TABLE titles;',
    'a AND OR NOT b',
    '%_%',
    '\\x00',
  ])('injection-shaped text is just text: %s', async (q) => {
    const res = await search({ search: q, country: 'US' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(true);
    const get = await t.app.inject({ url: '/v1/titles/search', query: { q } });
    expect(get.statusCode).toBe(200);
  });

  test('absurd page sizes: above 100 clamped, above 1000 rejected; bad numbers rejected', async () => {
    expect((await t.app.inject('/v1/titles/search?limit=500')).json().data.limit).toBe(100);
    for (const qs of [
      'limit=100000',
      'limit=0',
      'limit=-5',
      'page=0',
      'page=abc',
      'limit=1e9',
      'country=USA',
    ]) {
      const res = await t.app.inject(`/v1/titles/search?${qs}`);
      expect([qs, res.statusCode]).toEqual([qs, 400]);
      expect(res.json().status).toBe(false);
    }
    const body = await search({ limit: 'many' });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toHaveProperty('limit');
  });

  test('unknown filter values are a 400 naming the value', async () => {
    const res = await search({ genres: ['telenovela'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('telenovela');
    expect((await search({ timePeriods: ['the future'] })).statusCode).toBe(400);
    expect((await search({ sortBy: 'random' })).statusCode).toBe(400);
  });

  test('filter options', async () => {
    const data = (await t.app.inject('/v1/titles/filters')).json().data;
    expect(data.genres).toHaveLength(3);
    expect(data.timePeriods.map((p: { value: string }) => p.value)).toEqual(
      expect.arrayContaining(['2020s', '1970s']),
    );
    expect(data.sortOptions.map((p: { value: string }) => p.value)).toEqual([
      'relevance',
      'popularity',
      'newest',
      'oldest',
      'rating',
      'az',
    ]);
    expect(data.countries.length).toBeGreaterThan(0);
    expect(data.languages.length).toBeGreaterThan(0);
  });

  test("filter options name countries and languages in the request's language (issue 37)", async () => {
    const get = (language: string) =>
      t.app
        .inject({ url: '/v1/titles/filters', headers: { 'accept-language': language } })
        .then((r) => r.json().data);
    const en = await get('en');
    expect(en.languages).toEqual([
      { code: 'en', name: 'English' },
      { code: 'fr', name: 'French' },
    ]);
    const ar = await get('ar');
    expect(ar.languages).toEqual([
      { code: 'en', name: 'الإنجليزية' },
      { code: 'fr', name: 'الفرنسية' },
    ]);
    const es = await get('es');
    expect(es.countries.find((c: { code: string }) => c.code === 'FR')?.name).toBe('Francia');
    expect(es.languages.map((l: { name: string }) => l.name)).toEqual(['francés', 'inglés']);
  });

  test('userId must be the caller', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await search({ userId: b.user.id }, bearer(a.tokens.access))).statusCode).toBe(403);
    expect((await search({ userId: a.user.id }, bearer(a.tokens.access))).statusCode).toBe(200);
  });
});

describe('search by localised names (issue 37)', () => {
  const names = (res: { json(): { data: { results: Array<{ name: string }> } } }) =>
    res.json().data.results.map((r) => r.name);

  test("a title's name in the request's language finds it, by a word's start", async () => {
    const es = await search({ search: 'carrera', country: 'US' }, { 'accept-language': 'es' });
    expect(ids(es.json().data.results)).toEqual(['t-free']);
    expect(names(es)).toEqual(['Carrera libre']);
    const prefix = await search({ search: 'lib', country: 'US' }, { 'accept-language': 'es-MX' });
    expect(ids(prefix.json().data.results)).toEqual(['t-free']);
    const get = await t.app.inject({
      url: '/v1/titles/search?q=carrera%20libre&country=US',
      headers: { 'accept-language': 'es' },
    });
    expect(ids(get.json().data.results)).toEqual(['t-free']);
  });

  test('a Japanese name matches from inside it, and another language does not see it', async () => {
    const ja = await search({ search: 'ランニング', country: 'US' }, { 'accept-language': 'ja' });
    expect(ids(ja.json().data.results)).toEqual(['t-free']);
    const en = await search({ search: 'carrera', country: 'US' }, { 'accept-language': 'en' });
    expect(en.json().data.total).toBe(0);
    const fr = await search({ search: 'carrera', country: 'US' }, { 'accept-language': 'fr' });
    expect(fr.json().data.total).toBe(0);
  });

  test('the original name still matches in another language, with filters and sorts', async () => {
    const es = await search(
      { search: 'free', country: 'US', sortBy: 'newest' },
      { 'accept-language': 'es' },
    );
    expect(ids(es.json().data.results)).toEqual(['t-free']);
    const filtered = await search(
      { search: 'carrera', country: 'US', genres: ['drama'] },
      { 'accept-language': 'es' },
    );
    expect(ids(filtered.json().data.results)).not.toContain('t-free');
  });
});
