import type { OperationKey } from '../contract/api-types';

/**
 * The one query-key scheme for server state: the contract operation first,
 * then its variables (path params, query, the body fields that select data).
 * Two remotes that fetch the same resource share one cache entry, and
 * `queryKey(op)` alone is the prefix that invalidates every variant of it.
 *
 *   queryKey('GET /titles/{movieId}', { movieId, country })
 */
export function queryKey<K extends OperationKey>(
  op: K,
  variables?: Record<string, unknown>,
): readonly [K] | readonly [K, Record<string, unknown>] {
  if (!variables) return [op] as const;
  // undefined fields are left out so `{ a: 1 }` and `{ a: 1, b: undefined }` are one entry.
  const defined = Object.fromEntries(
    Object.entries(variables).filter(([, value]) => value !== undefined),
  );
  return [op, defined] as const;
}

/**
 * Whom and where a catalogue answer is for. The API shapes a title by country (what is streamable there)
 * and by the signed-in profile (its rating, each episode's progress, the maturity ceiling), so one title
 * seen from two scopes is two entries, and two screens in the same scope must share one.
 *
 * `country` and `userId` travel in the request; `profileId` travels in the session's token, so it is in
 * the key although not in the query string.
 */
export interface CatalogueScope {
  country?: string;
  userId?: string;
  profileId?: string;
}

/**
 * GET /titles/{movieId}: the title page, the player's episode list and anything else that shows a title's
 * detail. Build it with `useCatalogueScope()` (or read through `titleDetailQuery`) so every remote keys the
 * same request the same way.
 */
export const titleKey = (movieId: string, scope: CatalogueScope) =>
  queryKey('GET /titles/{movieId}', {
    movieId,
    country: scope.country,
    userId: scope.userId,
    profileId: scope.profileId,
  });
