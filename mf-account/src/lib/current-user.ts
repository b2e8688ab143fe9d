import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, useSession, type User } from '@streamflix/shared';

export const userQueryKey = (id: string) => ['account', 'user', id] as const;

export async function getUser(id: string): Promise<User> {
  return unwrap(await callApi<User>({ url: `/users/${encodeURIComponent(id)}` }));
}

/** The signed-in viewer's full profile (GET /users/{id}); disabled for guests. */
export function useCurrentUser() {
  const { userId } = useSession();
  return useQuery({
    queryKey: userQueryKey(userId),
    queryFn: () => getUser(userId),
    enabled: userId !== '',
  });
}
