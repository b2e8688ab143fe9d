import { useQuery } from '@tanstack/react-query';
import {
  titleDetailQuery,
  useCatalogueScope,
  type CatalogueScope,
  type TitleDetail,
} from '@streamflix/shared';

/**
 * The series' seasons and episodes, for the episode picker and previous/next. The cache holds the whole
 * detail under the shared title entry (the one the title page filled before Play); this screen selects
 * the seasons.
 */
export const seriesEpisodesQuery = (titleId: string, scope: CatalogueScope) => ({
  ...titleDetailQuery(titleId, scope),
  select: (detail: TitleDetail) => detail.seasons,
  staleTime: 5 * 60_000,
});

export function useSeriesEpisodes(titleId: string, { enabled }: { enabled: boolean }) {
  const scope = useCatalogueScope();
  return useQuery({ ...seriesEpisodesQuery(titleId, scope), enabled: enabled && titleId !== '' });
}
