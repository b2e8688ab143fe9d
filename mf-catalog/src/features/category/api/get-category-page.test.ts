import type { CategoryPage } from '@streamflix/shared';
import { getCategoryPage, nextCategoryPage } from './get-category-page';

const mockCallApi = jest.fn();
jest.mock('@streamflix/shared', () => ({
  ...jest.requireActual('@streamflix/shared'),
  callOperation: (...args: [string, object?]) =>
    mockCallApi(jest.requireActual('@streamflix/shared/testing').operationRequest(...args)),
}));

const page = (n: number, count: number, hasMore: boolean): CategoryPage => ({
  category: { id: 'c-x', slug: 'x', name: 'X', rule: 'x' },
  titles: Array.from(
    { length: count },
    (_, i) => ({ id: `t-${n}-${i}` }) as CategoryPage['titles'][number],
  ),
  page: n,
  limit: 10,
  total: 100,
  hasMore,
  country: 'US',
});

describe('category paging', () => {
  it('asks for the next page after a full page', () => {
    expect(nextCategoryPage(page(1, 10, true), 10)).toBe(2);
  });

  it('stops when a page comes back shorter than the limit, even if hasMore says true', () => {
    expect(nextCategoryPage(page(3, 4, true), 10)).toBeUndefined();
    expect(nextCategoryPage(page(4, 0, true), 10)).toBeUndefined();
  });

  it('stops when the server says there is no more', () => {
    expect(nextCategoryPage(page(2, 10, false), 10)).toBeUndefined();
  });

  it('calls GET /categorys/details-test/{catName} with country, page and limit', async () => {
    mockCallApi.mockResolvedValueOnce({ status: true, message: '', data: page(2, 10, true) });
    await getCategoryPage({ slug: 'top rated', page: 2, limit: 10, country: 'FR' });
    expect(mockCallApi).toHaveBeenCalledWith({
      method: 'GET',
      url: '/categorys/details-test/top%20rated',
      params: { page: 2, limit: 10, country: 'FR' },
    });
  });

  it('a rejected page becomes an error for the query (so paging stops and Retry shows)', async () => {
    mockCallApi.mockResolvedValueOnce({
      status: false,
      message: 'Category not found.',
      httpStatus: 404,
    });
    await expect(getCategoryPage({ slug: 'nope', page: 1 })).rejects.toThrow('Category not found.');
  });
});
