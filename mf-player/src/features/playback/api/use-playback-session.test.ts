import type { PlaybackOutcome } from './get-playback-session';

const getPlaybackSession = jest.fn<Promise<PlaybackOutcome>, unknown[]>();
jest.mock('./get-playback-session', () => ({
  getPlaybackSession: (...args: unknown[]) => getPlaybackSession(...args),
}));
jest.mock('../hls/warm-stream', () => ({ warmStream: jest.fn(() => Promise.resolve()) }));

import { playbackSessionQuery, startPlaybackSession } from './use-playback-session';

const ready = (titleId: string): PlaybackOutcome => ({
  kind: 'ready',
  session: { titleId, stream: { url: `https://media.example/${titleId}/master.m3u8` } } as never,
});

beforeEach(() => {
  getPlaybackSession.mockReset();
  getPlaybackSession.mockImplementation((req) =>
    Promise.resolve(ready((req as { titleId: string }).titleId)),
  );
});
afterEach(() => jest.useRealTimers());

test('a session started before the screen rendered is the one its query uses: one request', async () => {
  startPlaybackSession({ titleId: 't-1' }, true);
  expect(getPlaybackSession).toHaveBeenCalledTimes(1);
  const outcome = await playbackSessionQuery({ titleId: 't-1' }, true).queryFn();
  expect(outcome).toEqual(ready('t-1'));
  expect(getPlaybackSession).toHaveBeenCalledTimes(1);
  // Taken once: a refetch (Retry, a new visit) asks the API again.
  await playbackSessionQuery({ titleId: 't-1' }, true).queryFn();
  expect(getPlaybackSession).toHaveBeenCalledTimes(2);
});

test('an early session for another title, episode or session state is not used', async () => {
  startPlaybackSession({ titleId: 't-1' }, false);
  await playbackSessionQuery({ titleId: 't-1' }, true).queryFn();
  expect(getPlaybackSession).toHaveBeenCalledTimes(2);
  startPlaybackSession({ titleId: 't-2', episodeId: 'e-1' }, true);
  await playbackSessionQuery({ titleId: 't-2', episodeId: 'e-2' }, true).queryFn();
  expect(getPlaybackSession).toHaveBeenCalledTimes(4);
});

test('an early session older than a few seconds is asked for again (the resume point may have moved)', async () => {
  jest.useFakeTimers({ now: 1_000_000 });
  startPlaybackSession({ titleId: 't-3' }, true);
  jest.setSystemTime(1_000_000 + 11_000);
  await playbackSessionQuery({ titleId: 't-3' }, true).queryFn();
  expect(getPlaybackSession).toHaveBeenCalledTimes(2);
});
