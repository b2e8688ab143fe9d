import { callApi } from '@streamflix/shared';
import { viewerPlaybackSettings, type ViewerPlaybackSettings } from '../viewer-settings';

export async function getViewerSettings(userId: string): Promise<ViewerPlaybackSettings> {
  const r = await callApi<unknown>({ method: 'GET', url: `/users/${encodeURIComponent(userId)}` });
  // A profile that cannot be read leaves the defaults (autoplay on): playback must not wait on it.
  return viewerPlaybackSettings(r.status ? r.data : null);
}

export const viewerSettingsQuery = (userId: string) => ({
  queryKey: ['mf-player', 'viewer-settings', userId] as const,
  queryFn: () => getViewerSettings(userId),
  staleTime: 60_000,
});
