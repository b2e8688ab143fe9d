import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const index = async (query: string) => {
  const res = await t.app.inject(`/v1/titles/index${query}`);
  return { status: res.statusCode, body: res.json() };
};

describe('the title index (GET /v1/titles/index)', () => {
  test('every title available in the country, with its type, and nothing else', async () => {
    const us = await index('?country=US');
    expect(us.status).toBe(200);
    const ids = us.body.data.titles.map((x: { id: string }) => x.id);
    expect(ids).toEqual(['t-free', 't-premium', 't-old', 't-series', 't-series-premium']);
    expect(us.body.data.titles).toContainEqual({ id: 't-series', type: 'series' });
    expect(us.body.data).toMatchObject({ total: 5, page: 1, hasMore: false, country: 'US' });
    // The France-only title is in France's index.
    const fr = await index('?country=FR');
    expect(fr.body.data.titles.map((x: { id: string }) => x.id)).toContain('t-fr-only');
    expect(fr.body.data.total).toBe(6);
  });

  test("without a country, the default country's catalogue", async () => {
    const { body } = await index('');
    expect(body.data.country).toBe('US');
    expect(body.data.total).toBe(5);
  });

  test('pages partition the list in a stable order', async () => {
    const all = (await index('?country=FR&limit=100')).body.data.titles;
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const { body } = await index(`?country=FR&limit=2&page=${page}`);
      expect(body.data.hasMore).toBe(page < 3);
      pages.push(...body.data.titles);
    }
    expect(pages).toEqual(all);
    expect((await index('?country=FR&limit=2&page=4')).body.data).toMatchObject({
      titles: [],
      hasMore: false,
      total: 6,
    });
  });

  test('a limit above 10,000 or a bad country is a clear 400', async () => {
    expect((await index('?limit=10001')).status).toBe(400);
    expect((await index('?country=USA')).status).toBe(400);
  });
});
