import { useQuery } from '@tanstack/react-query';
import { getUser, useSession, userQueryKey, viewerQuery } from '@streamflix/shared';

// The key and fetcher live in shared: the shell's header and checkout refresh the same entry.
export { getUser, userQueryKey };

/** The signed-in viewer's full profile (GET /users/{id}); disabled for guests. */
export function useCurrentUser() {
  const { userId } = useSession();
  return useQuery(viewerQuery(userId));
}
