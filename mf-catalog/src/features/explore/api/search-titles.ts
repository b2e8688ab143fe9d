import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callApi, unwrap, useSession, type SearchResult } from '@streamflix/shared';
import { useCatalogCountry } from '../../../lib/use-catalog-country';
import {
  buildSearchBody,
  isInitialList,
  nextSearchPage,
  type ExploreFilters,
} from '../filter-state';

export const SEARCH_PAGE_SIZE = 24;

/** The initial list (nothing chosen): GET /titles/search with country, page and limit. */
export async function getInitialTitles({
  page,
  limit,
  country,
}: {
  page: number;
  limit: number;
  country?: string;
}) {
  return unwrap(
    await callApi<SearchResult>({
      method: 'GET',
      url: '/titles/search',
      params: { page, limit, ...(country ? { country } : {}) },
    }),
  );
}

/** Search with filters: POST /titles/search with the filter body (and the user id when signed in). */
export async function searchTitles(
  filters: ExploreFilters,
  opts: { page: number; limit: number; userId?: string; country?: string },
): Promise<SearchResult> {
  return unwrap(
    await callApi<SearchResult>({
      method: 'POST',
      url: '/titles/search',
      data: buildSearchBody(filters, opts),
    }),
  );
}

export function useExploreSearch(filters: ExploreFilters, enabled: boolean) {
  const { userId, isLoggedIn } = useSession();
  const country = useCatalogCountry();
  const uid = isLoggedIn && userId ? userId : undefined;
  return useInfiniteQuery({
    queryKey: ['catalog', 'explore', filters, country ?? '', uid ?? ''],
    queryFn: ({ pageParam }) =>
      isInitialList(filters)
        ? getInitialTitles({ page: pageParam, limit: SEARCH_PAGE_SIZE, country })
        : searchTitles(filters, { page: pageParam, limit: SEARCH_PAGE_SIZE, userId: uid, country }),
    initialPageParam: 1,
    getNextPageParam: nextSearchPage,
    placeholderData: keepPreviousData,
    enabled,
  });
}
