import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, type FilterOptions } from '@streamflix/shared';

export async function getFilterOptions(): Promise<FilterOptions> {
  return unwrap(await callApi<FilterOptions>({ method: 'GET', url: '/titles/filters' }));
}

export function useFilterOptions() {
  return useQuery({
    queryKey: ['catalog', 'filter-options'],
    queryFn: getFilterOptions,
    // The catalogue's facets change with deployments, not while browsing.
    staleTime: 10 * 60_000,
  });
}
