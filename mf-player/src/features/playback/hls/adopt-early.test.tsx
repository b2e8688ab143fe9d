import { act, render } from '@testing-library/react';
import type Hls from 'hls.js';
import { useVideoElement } from '../player/use-video-element';
import { useHlsPlayback } from './use-hls-playback';
import type { EarlyTake } from './early-engine';

/**
 * A watch link's early playback taken over by the player (mf-player src/early): the element the
 * engine played in is the player's video, and its hls.js instance is followed, not replaced.
 */

const SRC = 'http://api.test/media/s/x/master.m3u8';

class FakeHls {
  static Events = new Proxy({}, { get: (_t, k) => String(k) }) as Record<string, string>;
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
  static ErrorDetails = {};
  static isSupported = () => true;
  handlers = new Map<string, (e: string, d: unknown) => void>();
  levels = [
    { height: 240, name: '', bitrate: 450_000, attrs: { CODECS: 'avc1.42c01e,mp4a.40.2' } },
    { height: 360, name: '', bitrate: 1_100_000, attrs: {} },
  ];
  currentLevel = 0;
  autoLevelEnabled = true;
  audioTracks = [
    { id: 0, name: 'English', lang: 'en', default: true, characteristics: '' },
    { id: 1, name: 'Español', lang: 'es', default: false, characteristics: '' },
  ];
  audioTrack = 0;
  subtitleTracks = [{ id: 0, name: 'English', lang: 'en' }];
  subtitleTrack = -1;
  config = {};
  loadSource = jest.fn();
  attachMedia = jest.fn();
  destroy = jest.fn();
  on(e: string, h: (e: string, d: unknown) => void) {
    this.handlers.set(e, h);
  }
}

function Player({ onState }: { onState: (s: ReturnType<typeof useHlsPlayback>['state']) => void }) {
  const { video, adopted, slotRef } = useVideoElement(
    {
      src: SRC,
      className: 'video',
      label: 'Night Train',
      poster: 'http://api.test/backdrop.svg',
      onClick: () => undefined,
      onDoubleClick: () => undefined,
    },
    { volume: 1, muted: false },
  );
  const { state } = useHlsPlayback(video, {
    src: SRC,
    startPosition: 0,
    preferredSubtitle: 'en',
    adopted,
  });
  onState(state);
  return <div data-testid="slot" ref={slotRef} />;
}

afterEach(() => {
  delete (globalThis as { __sfEarlyEngine?: unknown }).__sfEarlyEngine;
  document.body.innerHTML = '';
});

test("the player's video is the early playback's element, and its hls.js is followed as it is", async () => {
  const stage = document.createElement('div');
  document.body.append(stage);
  const video = document.createElement('video');
  stage.append(video);
  const hls = new FakeHls();
  const taken: EarlyTake = {
    hls: hls as unknown as Hls,
    video,
    firstFrameAt: 1200,
    startAt: 0,
  };
  const take = jest.fn((src: string) => (src === SRC ? taken : null));
  (globalThis as { __sfEarlyEngine?: unknown }).__sfEarlyEngine = { v: 1, Hls: FakeHls, take };
  let state: ReturnType<typeof useHlsPlayback>['state'] | null = null;
  const { getByTestId } = render(<Player onState={(s) => (state = s)} />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(take).toHaveBeenCalledWith(SRC);
  expect(getByTestId('slot').firstElementChild).toBe(video);
  expect(video.getAttribute('aria-label')).toBe('Night Train');
  expect(video.className).toBe('video');
  // Not loaded again: the same instance, its levels and tracks read as its events had said.
  expect(hls.loadSource).not.toHaveBeenCalled();
  expect(hls.attachMedia).not.toHaveBeenCalled();
  expect(state).toMatchObject({
    engine: 'hls.js',
    status: 'ready',
    levels: [{ height: 240 }, { height: 360 }],
    audioTracks: [{ lang: 'en' }, { lang: 'es' }],
    subtitleTracks: [{ lang: 'en' }],
  });
  // The viewer's subtitle language is applied to the taken instance.
  expect(hls.subtitleTrack).toBe(0);
  expect(hls.handlers.has('ERROR')).toBe(true);
});

test('without an early playback the player makes its own video', async () => {
  (globalThis as { __sfEarlyEngine?: unknown }).__sfEarlyEngine = {
    v: 1,
    Hls: FakeHls,
    take: () => null,
  };
  const { getByTestId } = render(<Player onState={() => undefined} />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  const video = getByTestId('slot').firstElementChild as HTMLVideoElement;
  expect(video.tagName).toBe('VIDEO');
  expect(video.crossOrigin).toBe('anonymous');
  expect(video.poster).toBe('http://api.test/backdrop.svg');
});
