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
 * Whom and where a catalogue answer is for: the request's scope. The API shapes a title by country (what
 * is streamable there) and by the viewer (their rating, each episode's progress, the maturity ceiling),
 * so one title seen from two scopes is two entries, and two screens in the same scope share one.
 *
 * The key holds exactly what the request sends. The profile travels in the session's token instead:
 * switching profile resets every query (`setActiveProfile`), so no entry outlives the profile it was
 * fetched for, and the key stays the same when the device merely learns the session's own profile
 * after sign-in (a key with the profile in it fetched every title page twice then).
 */
export interface CatalogueScope {
  country?: string;
  userId?: string;
}

/**
 * GET /titles/{movieId}: the title page, the player's episode list, the paywall and anything else that
 * shows a title. Read it through `titleDetailQuery`/`useTitleDetail` (shared/src/query/title-query.ts),
 * which send the request this key names, so every remote keys the same request the same way.
 */
export const titleKey = (movieId: string, scope: CatalogueScope) =>
  queryKey('GET /titles/{movieId}', { movieId, country: scope.country, userId: scope.userId });
