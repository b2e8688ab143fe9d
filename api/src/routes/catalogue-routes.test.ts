import { bearer, buildTestApp, registerUser, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

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

  test('userId must be the caller', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    expect((await search({ userId: b.user.id }, bearer(a.tokens.access))).statusCode).toBe(403);
    expect((await search({ userId: a.user.id }, bearer(a.tokens.access))).statusCode).toBe(200);
  });
});

describe('categories', () => {
  test('pages through a category with data.titles', async () => {
    const res = await t.app.inject('/v1/categorys/details-test/drama?country=US&page=1&limit=1');
    const data = res.json().data;
    expect(data.category).toMatchObject({ slug: 'drama', name: 'Drama' });
    expect(data.titles).toHaveLength(1);
    expect(data).toMatchObject({ hasMore: true, total: 2 });
    const last = (
      await t.app.inject('/v1/categorys/details-test/drama?country=US&page=2&limit=1')
    ).json().data;
    expect(last.hasMore).toBe(false);
  });

  test('rule categories order by their rule', async () => {
    const newest = (await t.app.inject('/v1/categorys/details-test/new-releases?country=US')).json()
      .data.titles;
    expect(newest[0].id).toBe('t-premium');
    const top = (await t.app.inject('/v1/categorys/details-test/top-rated?country=US')).json().data
      .titles;
    expect(ids(top)).toEqual(['t-free']);
  });

  test('unknown category is a 404 envelope', async () => {
    const res = await t.app.inject('/v1/categorys/details-test/nope?country=US');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, message: expect.stringContaining('nope') });
  });

  test('lists categories', async () => {
    expect((await t.app.inject('/v1/categorys')).json().data.length).toBe(7);
  });
});

describe('title detail', () => {
  test('a movie', async () => {
    const res = await t.app.inject('/v1/titles/t-premium?country=US');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: 't-premium',
      type: 'movie',
      premium: true,
      seasons: [],
      inMyList: false,
      resume: null,
      availableInYourCountry: true,
      cast: [{ name: 'Ada Lovelace', character: 'Lead' }],
      trailer: { url: expect.stringContaining('/media/trailer-a/master.m3u8'), ready: true },
    });
    expect(ids(res.json().data.similar)).toEqual(['t-free']);
  });

  test('a series with seasons, episodes and per-episode progress', async () => {
    const u = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/v1/titles/createLog/t-series',
      headers: bearer(u.tokens.access),
      payload: { episodeId: 'e-series-1-1', seasonId: 's-series-1', position: 600, duration: 2700 },
    });
    const data = (
      await t.app.inject({
        url: '/v1/titles/t-series?country=US',
        headers: bearer(u.tokens.access),
      })
    ).json().data;
    expect(
      data.seasons.map((s: { number: number; episodes: unknown[] }) => [
        s.number,
        s.episodes.length,
      ]),
    ).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(data.seasons[0].episodes[0]).toMatchObject({
      id: 'e-series-1-1',
      hasIntro: true,
      progress: { position: 600, percent: 22.2 },
    });
    expect(data.seasons[0].episodes[1].progress).toBeNull();
    expect(data.resume).toMatchObject({ episodeId: 'e-series-1-1', position: 600 });
    expect(data.nextEpisode).toMatchObject({ id: 'e-series-1-1' });
  });

  test('a title not streamable in the country is described but flagged', async () => {
    const res = await t.app.inject('/v1/titles/t-fr-only?country=US');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.availableInYourCountry).toBe(false);
    expect(
      (await t.app.inject('/v1/titles/t-fr-only?country=FR')).json().data.availableInYourCountry,
    ).toBe(true);
  });

  test('unknown id is a 404 envelope', async () => {
    const res = await t.app.inject("/v1/titles/'%20OR%201=1");
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe(false);
  });
});

describe('watch logs and continue watching', () => {
  test('movies and series appear; finished episodes point at the next; finished titles leave', async () => {
    const u = await registerUser(t.app);
    const log = (id: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/titles/createLog/${id}`,
        headers: bearer(u.tokens.access),
        payload,
      });
    expect(
      (await log('t-free', { position: 1200, duration: 6000 })).json().data.progress,
    ).toMatchObject({ percent: 20, completed: false });
    const done = await log('t-series', {
      episodeId: 'e-series-1-2',
      position: 2690,
      duration: 2700,
    });
    expect(done.json().data).toMatchObject({
      progress: { completed: true },
      nextEpisode: { id: 'e-series-2-1', seasonNumber: 2 },
    });

    const dash = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/users/dashboard',
          headers: bearer(u.tokens.access),
          payload: {},
        })
      ).json().data;
    let d = await dash();
    expect(ids(d.continueWatching.movies)).toEqual(['t-free']);
    expect(d.continueWatching.series[0]).toMatchObject({
      id: 't-series',
      episode: { id: 'e-series-2-1' },
    });
    // One row only: continue watching is not repeated among the rails.
    expect(d.rails.filter((r: { title: string }) => /continue watching/i.test(r.title))).toEqual(
      [],
    );

    await log('t-free', { position: 5990, duration: 6000 });
    await log('t-series', {
      episodeId: 'e-series-2-1',
      position: 10,
      duration: 2700,
      completed: true,
    });
    d = await dash();
    expect(d.continueWatching).toEqual({ movies: [], series: [] });
    expect(d.rails.find((r: { id: string }) => r.id === 'continue-watching')).toBeUndefined();
  });

  test('bad watch logs are 4xx', async () => {
    const u = await registerUser(t.app);
    const log = (id: string, payload: object, token = u.tokens.access) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/titles/createLog/${id}`,
        headers: bearer(token),
        payload,
      });
    expect((await log('t-series', { position: 1, duration: 10 })).statusCode).toBe(400);
    expect(
      (await log('t-series', { episodeId: 'e-series-premium-1-1', position: 1, duration: 10 }))
        .statusCode,
    ).toBe(404);
    expect((await log('t-free', { position: -1, duration: 10 })).statusCode).toBe(400);
    expect((await log('t-free', { position: 'x', duration: 10 })).statusCode).toBe(400);
    expect((await log('nope', { position: 1, duration: 10 })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/titles/createLog/t-free',
          payload: { position: 1, duration: 10 },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('dashboard', () => {
  test('guests send a country and get hero, rails and categories', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/dashboard',
      payload: { country: 'US' },
    });
    const data = res.json().data;
    expect(data).toMatchObject({
      country: 'US',
      personalised: false,
      hero: { id: 't-free', synopsis: expect.any(String) },
    });
    const railIds = data.rails.map((r: { id: string }) => r.id);
    expect(railIds).toEqual(
      expect.arrayContaining(['trending', 'new-releases', 'top-rated', 'series']),
    );
    expect(data.rails.flatMap((r: { items: Array<{ id: string }> }) => ids(r.items))).not.toContain(
      't-fr-only',
    );
    expect(data.categories.length).toBe(7);
  });

  test('signed-in viewers get rails for their genres and My List', async () => {
    const u = await registerUser(t.app);
    await t.app.inject({
      method: 'PUT',
      url: `/v1/users/uploadGenre/${u.user.id}`,
      headers: bearer(u.tokens.access),
      payload: { genres: ['comedy'] },
    });
    await t.app.inject({
      method: 'POST',
      url: `/v1/users/favourite/${u.user.id}`,
      headers: bearer(u.tokens.access),
      payload: { titleId: 't-old' },
    });
    const data = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/users/dashboard',
        headers: bearer(u.tokens.access),
        payload: { userId: u.user.id },
      })
    ).json().data;
    expect(data.personalised).toBe(true);
    expect(data.rails.find((r: { id: string }) => r.id === 'genre-comedy')).toMatchObject({
      title: 'Because you like Comedy',
    });
    expect(ids(data.rails.find((r: { id: string }) => r.id === 'my-list').items)).toEqual([
      't-old',
    ]);
    expect(data.hero.id).toBe('t-series-premium');
  });

  test('guests who picked genres on /interest get "Because you like" rails for them', async () => {
    const data = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/users/dashboard',
        payload: { country: 'US', genres: ['g-comedy'] },
      })
    ).json().data;
    expect(data.personalised).toBe(true);
    expect(data.rails.find((r: { id: string }) => r.id === 'genre-comedy')).toMatchObject({
      title: 'Because you like Comedy',
    });
  });

  test('the JSON is compressed for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/dashboard',
      payload: { country: 'US' },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body.data.country).toBe('US');
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
  });

  test('a guest body with a bad country is a 400', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/users/dashboard',
          payload: { country: 123456 },
        })
      ).statusCode,
    ).toBe(400);
  });
});
