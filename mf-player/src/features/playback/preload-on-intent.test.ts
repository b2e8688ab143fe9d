/** @jest-environment jsdom */
const startPlaybackSession = jest.fn();
jest.mock('./api/use-playback-session', () => ({
  startPlaybackSession: (...args: unknown[]) => startPlaybackSession(...args),
}));
jest.mock('hls.js', () => ({ __esModule: true, default: class {} }));

import {
  preloadWatch,
  startPreloadOnIntent,
  takePlayRequestedAt,
  watchRequestOf,
} from './preload-on-intent';

beforeEach(() => startPlaybackSession.mockReset());

test('a /watch path gives its playback request; "0" means no episode; other paths give none', () => {
  expect(watchRequestOf('/watch/t-1/t-1/0/0')).toEqual({ titleId: 't-1', episodeId: undefined });
  expect(watchRequestOf('/watch/s-1/s-1/s-1-1/e-3')).toEqual({ titleId: 's-1', episodeId: 'e-3' });
  expect(watchRequestOf('/movie/movie/t-1')).toBeNull();
  expect(watchRequestOf('/watch/t-1')).toBeNull();
});

test('preloading a /watch path starts its playback session; any other path starts nothing', () => {
  expect(preloadWatch('/movie/movie/t-1')).toBe(false);
  expect(startPlaybackSession).not.toHaveBeenCalled();
  expect(preloadWatch('/watch/t-1/t-1/0/0')).toBe(true);
  expect(startPlaybackSession).toHaveBeenCalledWith(
    { titleId: 't-1', episodeId: undefined },
    false,
  );
});

test('pointing at, focusing or touching a Play link starts its session; other links do not', () => {
  document.body.innerHTML = `
    <a id="play" href="/watch/t-2/t-2/0/0"><span>▶</span> Play</a>
    <a id="other" href="/movie/movie/t-2">More</a>
    <a id="away" href="https://elsewhere.example/watch/t-9/t-9/0/0">Elsewhere</a>`;
  startPreloadOnIntent();
  const fire = (id: string, type: string) =>
    document.getElementById(id)!.dispatchEvent(new Event(type, { bubbles: true }));

  fire('other', 'pointerover');
  fire('away', 'focusin');
  expect(startPlaybackSession).not.toHaveBeenCalled();

  // The event lands on the link's icon: the link around it counts.
  document.querySelector('#play span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
  expect(startPlaybackSession).toHaveBeenLastCalledWith(
    { titleId: 't-2', episodeId: undefined },
    false,
  );
  fire('play', 'focusin');
  fire('play', 'touchstart');
  expect(startPlaybackSession).toHaveBeenCalledTimes(3);
});

test('the start-up clock starts at the click on Play, taken once and only while recent', () => {
  document.body.innerHTML = `
    <a id="play" href="/watch/t-3/t-3/0/0">Play</a>
    <a id="other" href="/movie/movie/t-3">More</a>`;
  startPreloadOnIntent();
  // This document was not opened at a /watch URL: without a click the clock starts now.
  expect(takePlayRequestedAt(5000)).toBe(5000);

  const click = (id: string) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById(id)!.dispatchEvent(event);
    return event.timeStamp;
  };
  click('other');
  expect(takePlayRequestedAt(6000)).toBe(6000);
  const at = click('play');
  expect(takePlayRequestedAt(at + 800)).toBe(at);
  // Taken: the next playback (an episode that follows on its own) starts its own clock.
  expect(takePlayRequestedAt(at + 90_000)).toBe(at + 90_000);
  click('play');
  expect(takePlayRequestedAt(at + 120_000)).toBe(at + 120_000);
});
