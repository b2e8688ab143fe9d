import { buildCatalogue } from '../domains/catalogue/data/catalogue-data';
import { bearer, registerUser, useTestApp } from './test-app';

/** The seeded product catalogue through every read route: shapes must serialise for every real title. */
const t = useTestApp({ catalogue: () => buildCatalogue() });

test('at least 60 movies and 20 series are searchable', async () => {
  const count = async (type: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/titles/search',
        payload: { type, limit: 1, country: 'US' },
      })
    ).json().data.total;
  expect(await count('movie')).toBeGreaterThanOrEqual(50);
  expect(await count('series')).toBeGreaterThanOrEqual(15);
  const everywhere = t.catalogue.titles;
  expect(everywhere.filter((x) => x.type === 'movie').length).toBeGreaterThanOrEqual(60);
  expect(everywhere.filter((x) => x.type === 'series').length).toBeGreaterThanOrEqual(20);
});

test("every title's detail page and every category page answer", async () => {
  const u = await registerUser(t.app);
  for (const title of t.catalogue.titles) {
    const res = await t.app.inject({
      url: `/v1/titles/${title.id}?country=US`,
      headers: bearer(u.tokens.access),
    });
    expect([title.id, res.statusCode]).toEqual([title.id, 200]);
  }
  for (const category of t.catalogue.categories) {
    const res = await t.app.inject(
      `/v1/categorys/details-test/${category.slug}?country=US&page=1&limit=20`,
    );
    expect([category.slug, res.statusCode]).toEqual([category.slug, 200]);
    expect([category.slug, res.json().data.titles.length > 0]).toEqual([category.slug, true]);
  }
});

test('dashboard, filters and playback work on the real catalogue', async () => {
  const dash = (
    await t.app.inject({ method: 'POST', url: '/v1/users/dashboard', payload: { country: 'IN' } })
  ).json();
  expect(dash.status).toBe(true);
  expect(dash.data.rails.length).toBeGreaterThanOrEqual(5);
  expect(dash.data.hero).not.toBeNull();
  const filters = (await t.app.inject('/v1/titles/filters')).json().data;
  expect(filters.timePeriods.length).toBeGreaterThanOrEqual(4);
  const free = t.catalogue.titles.find((x) => !x.premium && x.availableIn.includes('*'))!;
  expect((await t.app.inject(`/v1/playback/${free.id}`)).statusCode).toBe(200);
  const premium = t.catalogue.titles.find((x) => x.premium && x.availableIn.includes('*'))!;
  expect((await t.app.inject(`/v1/playback/${premium.id}`)).statusCode).toBe(401);
});

test('a filtered search across facets', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/titles/search',
    payload: {
      genres: ['drama', 'crime'],
      timePeriods: ['2010s', '2020s'],
      sortBy: 'rating',
      country: 'US',
      limit: 10,
    },
  });
  expect(res.statusCode).toBe(200);
  const ratings = res.json().data.results.map((r: { rating: number }) => r.rating);
  expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
});
