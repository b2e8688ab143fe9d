import { act, renderHook, waitFor } from '@testing-library/react';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import {
  AppProviders,
  createQueryClient,
  endSession,
  getHttp,
  setRuntimeConfig,
  startSession,
  useTitleDetail,
} from '@streamflix/shared';
import { useSeriesEpisodes } from './get-series-episodes';

const seasons = [{ id: 's1', number: 1, name: 'Season 1', episodes: [] }];
const requests: InternalAxiosRequestConfig[] = [];

beforeEach(async () => {
  requests.length = 0;
  setRuntimeConfig({ apiOrigin: 'http://api.test' });
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const data = { status: true, message: 'ok', data: { id: 'series-1', name: 'Fjord', seasons } };
    return { data, status: 200, statusText: '', headers: {}, config } as AxiosResponse;
  };
  (await getHttp()).defaults.adapter = adapter;
  act(() => startSession({ access: 'A', refresh: 'R' }, { id: 'u1' }));
});
afterEach(() => act(() => endSession()));

const titleRequests = () =>
  requests.map((r) => r.url ?? '').filter((url) => url.split('?')[0] === '/titles/series-1');

it('reads the episodes from the title entry the title page filled, without asking again', async () => {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={client}>{children}</AppProviders>
  );
  // The title page (mf-catalog) reads the title through the shared hook...
  const page = renderHook(() => useTitleDetail('series-1'), { wrapper });
  await waitFor(() => expect(page.result.current.isSuccess).toBe(true));
  page.unmount();
  // ...then Play opens the watch screen, which wants the same title's seasons.
  const player = renderHook(() => useSeriesEpisodes('series-1', { enabled: true }), { wrapper });
  await waitFor(() => expect(player.result.current.data).toEqual(seasons));
  expect(titleRequests()).toHaveLength(1);
});

it('asks for the series itself when the watch screen is opened first', async () => {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={client}>{children}</AppProviders>
  );
  const player = renderHook(() => useSeriesEpisodes('series-1', { enabled: true }), { wrapper });
  await waitFor(() => expect(player.result.current.data).toEqual(seasons));
  expect(titleRequests()).toHaveLength(1);
  // The same request the title page sends for a signed-in viewer with no country chosen.
  expect(titleRequests()).toEqual(['/titles/series-1?userId=u1']);
});
