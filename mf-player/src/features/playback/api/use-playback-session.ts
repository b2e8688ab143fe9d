import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@streamflix/shared';
import {
  getPlaybackSession,
  type PlaybackOutcome,
  type PlaybackRequest,
} from './get-playback-session';
import { warmStream } from '../hls/warm-stream';

async function fetchPlayback(req: PlaybackRequest, isLoggedIn: boolean) {
  const outcome = await getPlaybackSession(req, isLoggedIn);
  // The earliest moment the stream is known: start its opening requests before React renders the player.
  if (outcome.kind === 'ready')
    void warmStream(outcome.session.stream.url, outcome.session.resumePosition ?? 0);
  return outcome;
}

/** A session asked for before the screen rendered, taken by the screen's first query. */
let early: { key: string; at: number; outcome: Promise<PlaybackOutcome> } | null = null;
/** Older than this, the resume point may have moved (another device): ask again. */
const EARLY_FRESH_MS = 10_000;
const keyOf = (req: PlaybackRequest, isLoggedIn: boolean) =>
  JSON.stringify([req.titleId, req.episodeId ?? null, isLoggedIn]);

/**
 * Ask for the playback session as soon as the watch screen's code arrives, while React is
 * still rendering it, instead of from the rendered screen's query (time to first frame).
 */
export function startPlaybackSession(req: PlaybackRequest, isLoggedIn: boolean): void {
  const key = keyOf(req, isLoggedIn);
  if (early?.key === key && Date.now() - early.at < EARLY_FRESH_MS) return;
  const outcome = fetchPlayback(req, isLoggedIn);
  outcome.catch(() => undefined); // left for the screen's query to meet
  early = { key, at: Date.now(), outcome };
}

function takeEarly(req: PlaybackRequest, isLoggedIn: boolean): Promise<PlaybackOutcome> | null {
  const taken = early;
  early = null;
  if (!taken || taken.key !== keyOf(req, isLoggedIn)) return null;
  return Date.now() - taken.at < EARLY_FRESH_MS ? taken.outcome : null;
}

export const playbackSessionQuery = (req: PlaybackRequest, isLoggedIn: boolean) => ({
  // The entry holds the screen's outcome, not the API's data, hence its own last segment.
  queryKey: [
    ...queryKey('GET /playback/{titleId}', { titleId: req.titleId, episodeId: req.episodeId }),
    { isLoggedIn },
    'outcome',
  ],
  queryFn: () => takeEarly(req, isLoggedIn) ?? fetchPlayback(req, isLoggedIn),
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
