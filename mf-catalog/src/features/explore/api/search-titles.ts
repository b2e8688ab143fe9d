import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, useSession, type SearchResult } from '@streamflix/shared';
import { useCatalogCountry } from '../../../lib/use-catalog-country';
import {
  buildSearchBody,
  isInitialList,
  nextSearchPage,
  type ExploreFilters,
} from '../filter-state';
import { getInitialTitles } from './get-initial-titles';

export const SEARCH_PAGE_SIZE = 24;

/** Search with filters: POST /titles/search with the filter body (and the user id when signed in). */
export async function searchTitles(
  filters: ExploreFilters,
  opts: { page: number; limit: number; userId?: string; country?: string },
): Promise<SearchResult> {
  return unwrap(
    await callOperation('POST /titles/search', { body: buildSearchBody(filters, opts) }),
  );
}

export function useExploreSearch(filters: ExploreFilters, enabled: boolean) {
  const { userId, isLoggedIn } = useSession();
  const country = useCatalogCountry();
  const uid = isLoggedIn && userId ? userId : undefined;
  return useInfiniteQuery({
    queryKey: queryKey('POST /titles/search', { filters, country, userId: uid }),
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
