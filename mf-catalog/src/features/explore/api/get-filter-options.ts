import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, type FilterOptions } from '@streamflix/shared';

export async function getFilterOptions(): Promise<FilterOptions> {
  return unwrap(await callOperation('GET /titles/filters'));
}

export function useFilterOptions() {
  return useQuery({
    queryKey: queryKey('GET /titles/filters'),
    queryFn: getFilterOptions,
    // The catalogue's facets change with deployments, not while browsing.
    staleTime: 10 * 60_000,
  });
}
