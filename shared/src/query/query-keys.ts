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
