import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const ids = (list: Array<{ id: string }>) => list.map((x) => x.id);

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
