import { useQuery } from '@tanstack/react-query';
import { callApi, getCountry, unwrap, type TitleDetail } from '@streamflix/shared';

export type TitleSummary = Pick<
  TitleDetail,
  'id' | 'type' | 'name' | 'posterUrl' | 'backdropUrl' | 'premium' | 'year'
>;

export async function getTitleSummary(id: string): Promise<TitleSummary> {
  const country = getCountry();
  const t = unwrap(
    await callApi<TitleDetail>({
      url: `/titles/${encodeURIComponent(id)}`,
      params: country ? { country } : {},
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
    queryKey: ['checkout', 'title', id ?? ''],
    queryFn: () => getTitleSummary(id!),
    enabled: !!id,
    staleTime: 5 * 60_000,
  });
}
