import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { callOperation } from '../api/operation-client';
import { unwrap } from '../api/envelope';
import type { TitleDetail } from '../contract/api-types';
import { countryAtom } from '../session/session-atoms';
import { useSession } from '../session/use-session';
import { titleKey, type CatalogueScope } from './query-keys';

/**
 * The scope of every catalogue call. Guests send the stored country (or the default); signed-in viewers
 * send the stored country if there is one, else none, so the server uses their account's country.
 */
export function useCatalogueScope(): CatalogueScope {
  const stored = useAtomValue(countryAtom);
  const { isLoggedIn, userId, country } = useSession();
  if (!isLoggedIn) return { country };
  return { country: stored || undefined, userId: userId || undefined };
}

/** GET /titles/{movieId} as the scope asks it: the one request every remote sends for a title. */
export async function getTitleDetail(movieId: string, scope: CatalogueScope): Promise<TitleDetail> {
  const { country, userId } = scope;
  return unwrap(
    await callOperation('GET /titles/{movieId}', {
      params: { movieId },
      query: { ...(country ? { country } : {}), ...(userId ? { userId } : {}) },
    }),
  );
}

/**
 * Key and fetcher together, so no screen can send one request and cache it under another's key. Spread
 * it and add what the screen needs (`select`, `staleTime`, `enabled`).
 */
export const titleDetailQuery = (movieId: string, scope: CatalogueScope) => ({
  queryKey: titleKey(movieId, scope),
  queryFn: () => getTitleDetail(movieId, scope),
  enabled: movieId !== '',
});

/** A title's detail in the viewer's scope: one cache entry shared by every remote that shows it. */
export function useTitleDetail(movieId: string) {
  return useQuery(titleDetailQuery(movieId, useCatalogueScope()));
}
