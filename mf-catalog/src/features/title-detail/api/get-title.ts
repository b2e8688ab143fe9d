import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, useSession, type TitleDetail } from '@streamflix/shared';
import { useCatalogCountry } from '../../../lib/use-catalog-country';

export async function getTitle(
  id: string,
  { country, userId }: { country?: string; userId?: string },
): Promise<TitleDetail> {
  return unwrap(
    await callOperation('GET /titles/{movieId}', {
      params: { movieId: id },
      query: { ...(country ? { country } : {}), ...(userId ? { userId } : {}) },
    }),
  );
}

export function useTitle(id: string) {
  const { isLoggedIn, userId } = useSession();
  const country = useCatalogCountry();
  const uid = isLoggedIn && userId ? userId : undefined;
  return useQuery({
    queryKey: queryKey('GET /titles/{movieId}', { movieId: id, country, userId: uid }),
    queryFn: () => getTitle(id, { country, userId: uid }),
    enabled: id !== '',
  });
}
