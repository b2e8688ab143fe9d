import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, type FilterOptions } from '@streamflix/shared';

/** Countries and languages the catalogue knows (GET /titles/filters), for profile and settings pickers. */
export const useFilterOptions = () =>
  useQuery({
    queryKey: ['account', 'filter-options'],
    queryFn: async () =>
      unwrap(await callApi<FilterOptions>({ url: '/titles/filters', kind: 'guest' })),
    staleTime: 10 * 60_000,
  });
