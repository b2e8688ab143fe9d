import { useInfiniteQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, type CategoryPage } from '@streamflix/shared';
import { useCatalogCountry } from '../../../lib/use-catalog-country';

export const CATEGORY_PAGE_SIZE = 24;

export interface CategoryPageRequest {
  slug: string;
  page: number;
  limit?: number;
  country?: string;
}

export async function getCategoryPage({
  slug,
  page,
  limit = CATEGORY_PAGE_SIZE,
  country,
}: CategoryPageRequest): Promise<CategoryPage> {
  return unwrap(
    await callOperation('GET /categorys/details-test/{catName}', {
      params: { catName: slug },
      query: { page, limit, ...(country ? { country } : {}) },
    }),
  );
}

/**
 * The next page to ask for, or undefined to stop. Paging stops when the server
 * says there is no more, and also when a page comes back shorter than the limit
 * (a deliberate fix: the spec kept hasMore true after an empty page, which
 * would request forever).
 */
export function nextCategoryPage(
  last: CategoryPage,
  limit = CATEGORY_PAGE_SIZE,
): number | undefined {
  if (!last.hasMore) return undefined;
  if (last.titles.length < limit) return undefined;
  return last.page + 1;
}

/** The pages of one category: an infinite query, so its key says so (a single page is another entry). */
export const categoryKey = (slug: string, country: string | undefined, limit: number) =>
  [
    ...queryKey('GET /categorys/details-test/{catName}', { catName: slug, country, limit }),
    'pages',
  ] as const;

export function useCategoryTitles(slug: string, limit = CATEGORY_PAGE_SIZE) {
  const country = useCatalogCountry();
  return useInfiniteQuery({
    queryKey: categoryKey(slug, country, limit),
    queryFn: ({ pageParam }) => getCategoryPage({ slug, page: pageParam, limit, country }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextCategoryPage(last, limit),
    enabled: slug !== '',
  });
}
