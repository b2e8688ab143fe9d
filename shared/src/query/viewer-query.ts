import { useQuery, type QueryKey } from '@tanstack/react-query';
import { callOperation } from '../api/operation-client';
import { unwrap } from '../api/envelope';
import type { User } from '../contract/api-types';
import { queryClient } from './query-client';
import { queryKey } from './query-keys';
import { useSession } from '../session/use-session';

/**
 * The one query key for the signed-in viewer's profile (GET /users/{id}). The
 * shell's header, the account screens and checkout share it, so invalidating
 * it after a payment updates every one of them without a reload.
 */
export const userQueryKey = (id: string) => queryKey('GET /users/{id}', { id });

export async function getUser(id: string): Promise<User> {
  return unwrap(await callOperation('GET /users/{id}', { params: { id } }));
}

export const viewerQuery = (id: string) => ({
  queryKey: userQueryKey(id),
  queryFn: () => getUser(id),
  enabled: id !== '',
});

/**
 * Server state that belongs to the signed-in viewer, keyed and fetched by their id; off for
 * guests, whose calls the API would refuse.
 */
export function useViewerQuery<T>(
  keyFor: (userId: string) => QueryKey,
  fetchFor: (userId: string) => Promise<T>,
) {
  const { isLoggedIn, userId } = useSession();
  return useQuery({
    queryKey: keyFor(userId),
    queryFn: () => fetchFor(userId),
    enabled: isLoggedIn && userId !== '',
  });
}

/** After anything that changes what the viewer is entitled to (a payment, a cancel, a plan change). */
export const invalidateViewer = (client = queryClient) =>
  client.invalidateQueries({ queryKey: queryKey('GET /users/{id}') });
