import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@streamflix/shared';
import {
  getPlaybackSession,
  type PlaybackOutcome,
  type PlaybackRequest,
} from './get-playback-session';
import { warmStream } from '../hls/warm-stream';

export const playbackSessionQuery = (req: PlaybackRequest, isLoggedIn: boolean) => ({
  // The entry holds the screen's outcome, not the API's data, hence its own last segment.
  queryKey: [
    ...queryKey('GET /playback/{titleId}', { titleId: req.titleId, episodeId: req.episodeId }),
    { isLoggedIn },
    'outcome',
  ],
  queryFn: async () => {
    const outcome = await getPlaybackSession(req, isLoggedIn);
    // The earliest moment the stream is known: start its opening requests before React renders the player.
    if (outcome.kind === 'ready')
      void warmStream(outcome.session.stream.url, outcome.session.resumePosition ?? 0);
    return outcome;
  },
  // A playback session is asked for once per visit: the resume point must be fresh.
  staleTime: 0,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
  retry: false,
});

/** The stream to play; while the server is still generating the media it asks again by itself. */
export function usePlaybackSession(req: PlaybackRequest, isLoggedIn: boolean) {
  return useQuery({
    ...playbackSessionQuery(req, isLoggedIn),
    refetchInterval: (q: { state: { data?: PlaybackOutcome } }) => {
      const d = q.state.data;
      return d?.kind === 'preparing' ? d.retryInSeconds * 1000 : false;
    },
  });
}
