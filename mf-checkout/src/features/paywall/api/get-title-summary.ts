import { useQuery } from '@tanstack/react-query';
import { titleDetailQuery, useCatalogueScope, type TitleDetail } from '@streamflix/shared';

export type TitleSummary = Pick<
  TitleDetail,
  'id' | 'type' | 'name' | 'posterUrl' | 'backdropUrl' | 'premium' | 'year'
>;

const toSummary = (t: TitleDetail): TitleSummary => ({
  id: t.id,
  type: t.type,
  name: t.name,
  posterUrl: t.posterUrl,
  backdropUrl: t.backdropUrl,
  premium: t.premium,
  year: t.year,
});

/**
 * The title a viewer tried to watch (GET /titles/{id}), for the paywall's artwork and name: the shared
 * title entry, so a title page that led here has already loaded it.
 */
export function useTitleSummary(id: string | null) {
  const scope = useCatalogueScope();
  return useQuery({
    ...titleDetailQuery(id ?? '', scope),
    select: toSummary,
    staleTime: 5 * 60_000,
  });
}
