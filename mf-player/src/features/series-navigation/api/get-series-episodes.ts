import { callApi, unwrap, type TitleDetail } from '@streamflix/shared';

/** The series' seasons and episodes, for the episode picker and previous/next. */
export async function getSeriesEpisodes(titleId: string): Promise<TitleDetail['seasons']> {
  const detail = unwrap(
    await callApi<TitleDetail>({ method: 'GET', url: `/titles/${encodeURIComponent(titleId)}` }),
  );
  return detail.seasons;
}

export const seriesEpisodesQuery = (titleId: string) => ({
  queryKey: ['mf-player', 'series-episodes', titleId] as const,
  queryFn: () => getSeriesEpisodes(titleId),
  staleTime: 5 * 60_000,
});
