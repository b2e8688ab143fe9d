import { useQuery } from '@tanstack/react-query';
import { callOperation, getCountry, queryKey, unwrap, type TitleDetail } from '@streamflix/shared';

export type TitleSummary = Pick<
  TitleDetail,
  'id' | 'type' | 'name' | 'posterUrl' | 'backdropUrl' | 'premium' | 'year'
>;

export async function getTitleSummary(id: string): Promise<TitleSummary> {
  const country = getCountry();
  const t = unwrap(
    await callOperation('GET /titles/{movieId}', {
      params: { movieId: id },
      query: country ? { country } : {},
      kind: 'guest',
    }),
  );
  return {
    id: t.id,
    type: t.type,
    name: t.name,
    posterUrl: t.posterUrl,
    backdropUrl: t.backdropUrl,
    premium: t.premium,
    year: t.year,
  };
}

/** The title a viewer tried to watch (GET /titles/{id}), for the paywall's artwork and name. */
export function useTitleSummary(id: string | null) {
  return useQuery({
    // Not the catalog's detail entry: a guest call, trimmed to a summary.
    queryKey: [...queryKey('GET /titles/{movieId}', { movieId: id ?? '' }), 'summary'],
    queryFn: () => getTitleSummary(id!),
    enabled: !!id,
    staleTime: 5 * 60_000,
  });
}
