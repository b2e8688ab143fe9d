import { callOperation, queryKey, unwrap, type TitleDetail } from '@streamflix/shared';

/** GET /titles/{movieId}: the series' detail, for its seasons and episodes. */
export async function getSeriesDetail(titleId: string): Promise<TitleDetail> {
  return unwrap(await callOperation('GET /titles/{movieId}', { params: { movieId: titleId } }));
}

/** The series' seasons and episodes, for the episode picker and previous/next. */
export const seriesEpisodesQuery = (titleId: string) => ({
  // The cache holds the whole detail under the shared key; this screen selects the seasons.
  queryKey: queryKey('GET /titles/{movieId}', { movieId: titleId }),
  queryFn: () => getSeriesDetail(titleId),
  select: (detail: TitleDetail) => detail.seasons,
  staleTime: 5 * 60_000,
});
