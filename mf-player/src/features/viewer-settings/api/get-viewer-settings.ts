import { getUser, userQueryKey } from '@streamflix/shared';
import { viewerPlaybackSettings } from '../viewer-settings';

/**
 * The viewer's playback settings, read from their profile (GET /users/{id}) in
 * the one cache entry the shell and the account area share. A profile that
 * cannot be read leaves the defaults (autoplay on): playback must not wait on it.
 */
export const viewerSettingsQuery = (userId: string) => ({
  queryKey: userQueryKey(userId),
  queryFn: () => getUser(userId),
  select: viewerPlaybackSettings,
  staleTime: 60_000,
});
