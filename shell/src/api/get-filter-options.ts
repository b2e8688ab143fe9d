import { callOperation, queryKey, unwrap } from '@streamflix/shared';

/**
 * GET /titles/filters as a guest: the countries (and languages) the catalogue knows. The same cache
 * entry as the remotes' (one key per resource), so the whole answer is kept, not only the countries.
 */
export const filterOptionsQuery = () => ({
  queryKey: queryKey('GET /titles/filters'),
  queryFn: async () => unwrap(await callOperation('GET /titles/filters', { kind: 'guest' })),
  staleTime: 10 * 60_000,
});
