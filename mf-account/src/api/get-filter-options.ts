import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap } from '@streamflix/shared';

/** GET /titles/filters: the countries and languages the catalogue knows. */
export async function getFilterOptions() {
  return unwrap(await callOperation('GET /titles/filters', { kind: 'guest' }));
}

/** For the profile and settings pickers; the same cache entry as the shell's and the catalog's. */
export const useFilterOptions = () =>
  useQuery({
    queryKey: queryKey('GET /titles/filters'),
    queryFn: getFilterOptions,
    staleTime: 10 * 60_000,
  });
