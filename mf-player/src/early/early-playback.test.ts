import type Hls from 'hls.js';
import {
  EARLY_MAX_BUFFER_S,
  RELEASE_AFTER_FRAME_MS,
  RELEASE_AFTER_MS,
  startEarlyPlayback,
  type EarlyWatch,
} from './early-playback';

const SRC = 'http://api.test/media/s/x/t-0001/master.m3u8';
const CALL = 'http://api.test/v1/playback/t-0001';

/** hls.js as far as the engine uses it: events, levels, the estimate, its config. */
class FakeHls {
  static Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    FRAG_BUFFERED: 'hlsFragBuffered',
    ERROR: 'hlsError',
  };
  static supported = true;
  static isSupported = () => FakeHls.supported;
  static last: FakeHls | null = null;
  handlers = new Map<string, Set<(e: string, d: unknown) => void>>();
  levels = [{ bitrate: 450_000 }, { bitrate: 1_100_000 }];
  currentLevel = 0;
  startLevel = -1;
  bandwidthEstimate = 600_000;
  subtitleDisplay = true;
  loaded: string | null = null;
  media: HTMLVideoElement | null = null;
  destroyed = false;
  constructor(public config: Record<string, unknown>) {
    FakeHls.last = this;
  }
  on(e: string, h: (e: string, d: unknown) => void) {
    if (!this.handlers.has(e)) this.handlers.set(e, new Set());
    this.handlers.get(e)!.add(h);
  }
  off(e: string, h: (e: string, d: unknown) => void) {
    this.handlers.get(e)?.delete(h);
  }
  emit(e: string, d: unknown) {
    for (const h of this.handlers.get(e) ?? []) h(e, d);
  }
  listeners() {
    return [...this.handlers.values()].reduce((n, s) => n + s.size, 0);
  }
  loadSource(src: string) {
    this.loaded = src;
  }
  attachMedia(v: HTMLVideoElement) {
    this.media = v;
  }
  destroy() {
    this.destroyed = true;
  }
}

const H = FakeHls as unknown as typeof Hls;
/** The answer's microtasks, then the engine's autoplay check (a task), then its start. */
const flush = async () => {
  for (let i = 0; i < 3; i += 1) await new Promise((r) => setTimeout(r, 0));
};

function answer(status: number, data: unknown) {
  return { status, body: { status: status === 200, data } };
}

function setUp(
  reply: unknown = answer(200, {
    stream: { url: SRC },
    resumePosition: 0,
    durationSeconds: 600,
    name: 'Night Train',
  }),
) {
  document.body.innerHTML =
    '<div id="root"></div><div id="sf-early-stage"><div data-early-picture></div></div>';
  const release = jest.fn();
  const watch: EarlyWatch = { call: CALL, stage: 'sf-early-stage', release };
  (globalThis as { __sfEarlyData?: unknown }).__sfEarlyData = {
    [CALL]: { at: Date.now(), token: null, answer: Promise.resolve(reply) },
  };
  const engine = startEarlyPlayback(H, watch);
  return { engine, release };
}

/** Seconds buffered ahead of the playhead, as the video reports them. */
function buffer(video: HTMLVideoElement, seconds: number) {
  Object.defineProperty(video, 'buffered', {
    configurable: true,
    value: { length: 1, start: () => 0, end: () => seconds },
  });
}

let play: jest.Mock;
beforeEach(() => {
  FakeHls.supported = true;
  FakeHls.last = null;
  play = jest.fn(() => Promise.resolve());
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: play });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', {
    configurable: true,
    value: jest.fn(),
  });
  localStorage.clear();
  window.history.replaceState(null, '', '/watch/t-0001/t-0001/0/0');
});
afterEach(() => {
  jest.useRealTimers();
});

test('plays the answer the HTML asked for, in the stage, with the viewer’s sound', async () => {
  localStorage.setItem('sf-player:preferences', JSON.stringify({ volume: 0.4, muted: true }));
  const { release } = setUp();
  await flush();
  const hls = FakeHls.last!;
  const video = document.querySelector<HTMLVideoElement>('[data-early-picture] video')!;
  expect(video).not.toBeNull();
  expect(hls.loaded).toBe(SRC);
  expect(hls.media).toBe(video);
  expect(hls.subtitleDisplay).toBe(false);
  expect([video.volume, video.muted]).toEqual([0.4, true]);
  expect(video.getAttribute('aria-label')).toBe('Night Train');
  // A short buffer and the start rung until the player takes over.
  expect(hls.config).toMatchObject({
    maxBufferLength: EARLY_MAX_BUFFER_S,
    abrBandWidthUpFactor: 0,
  });
  hls.emit('hlsManifestParsed', { levels: hls.levels });
  expect(play).toHaveBeenCalled();
  expect(release).not.toHaveBeenCalled();
});

test('holds the app’s boot until 4 s are buffered on a link the rung nearly fills', async () => {
  const { release } = setUp();
  await flush();
  const hls = FakeHls.last!;
  const video = hls.media!;
  buffer(video, 2);
  hls.emit('hlsFragBuffered', { frag: { type: 'main' } });
  expect(release).not.toHaveBeenCalled();
  buffer(video, 4);
  hls.emit('hlsFragBuffered', { frag: { type: 'audio' } });
  expect(release).not.toHaveBeenCalled();
  hls.emit('hlsFragBuffered', { frag: { type: 'main' } });
  expect(release).toHaveBeenCalledTimes(1);
});

test('releases at the first frame on a roomy link, else some seconds after it', async () => {
  jest.useFakeTimers();
  const roomy = setUp();
  await jest.advanceTimersByTimeAsync(0);
  FakeHls.last!.bandwidthEstimate = 1_000_000;
  FakeHls.last!.media!.dispatchEvent(new Event('playing'));
  expect(roomy.release).toHaveBeenCalledTimes(1);

  const tight = setUp();
  await jest.advanceTimersByTimeAsync(0);
  FakeHls.last!.media!.dispatchEvent(new Event('playing'));
  expect(tight.release).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(RELEASE_AFTER_FRAME_MS);
  expect(tight.release).toHaveBeenCalledTimes(1);
});

test('a stalled start releases the boot after its limit', async () => {
  jest.useFakeTimers();
  const { release } = setUp();
  await jest.advanceTimersByTimeAsync(RELEASE_AFTER_MS - 1);
  expect(release).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(release).toHaveBeenCalledTimes(1);
});

test.each([
  ['a refused session', answer(403, null)],
  ['no stream', answer(200, { stream: {} })],
  ['no answer', null],
])('%s: nothing plays and the boot starts at once', async (_name, reply) => {
  const { release, engine } = setUp(reply);
  await flush();
  expect(FakeHls.last).toBeNull();
  expect(document.getElementById('sf-early-stage')).toBeNull();
  expect(release).toHaveBeenCalledTimes(1);
  expect(engine.take(SRC)).toBeNull();
});

test('a browser without MediaSource leaves the start to the player', async () => {
  FakeHls.supported = false;
  const { release } = setUp();
  await flush();
  expect(FakeHls.last).toBeNull();
  expect(release).toHaveBeenCalledTimes(1);
});

test('the player takes the video and hls.js over once, with its own buffer and climbing', async () => {
  const { engine, release } = setUp();
  await flush();
  const hls = FakeHls.last!;
  const video = hls.media!;
  video.dispatchEvent(new Event('playing'));
  const taken = engine.take(SRC)!;
  expect(taken.video).toBe(video);
  expect(taken.hls).toBe(hls);
  expect(taken.firstFrameAt).not.toBeNull();
  expect(hls.config).toMatchObject({ maxBufferLength: 30, abrBandWidthUpFactor: 0.7 });
  expect(hls.listeners()).toBe(0);
  expect(release).toHaveBeenCalled();
  // The player moves the video in the same task; the stage goes after.
  document.getElementById('root')!.append(video);
  await flush();
  expect(document.getElementById('sf-early-stage')).toBeNull();
  expect(hls.destroyed).toBe(false);
  expect(engine.take(SRC)).toBeNull();
  expect(hls.destroyed).toBe(false);
});

test('another address (a new session) stops the early playback', async () => {
  const { engine } = setUp();
  await flush();
  const hls = FakeHls.last!;
  expect(engine.take('http://api.test/media/s/other/master.m3u8')).toBeNull();
  expect(hls.destroyed).toBe(true);
  expect(document.getElementById('sf-early-stage')).toBeNull();
});

test('a fatal error ends it, and the player starts its own', async () => {
  const { engine, release } = setUp();
  await flush();
  const hls = FakeHls.last!;
  hls.emit('hlsError', { fatal: false });
  expect(hls.destroyed).toBe(false);
  hls.emit('hlsError', { fatal: true });
  expect(hls.destroyed).toBe(true);
  expect(release).toHaveBeenCalled();
  expect(engine.take(SRC)).toBeNull();
});

test('autoplay refused: the engine steps aside before any hls.js work, and the app starts as without it', async () => {
  play.mockImplementation(() =>
    Promise.reject(Object.assign(new Error('refused'), { name: 'NotAllowedError' })),
  );
  const { engine, release } = setUp();
  await flush();
  expect(FakeHls.last).toBeNull();
  expect(release).toHaveBeenCalled();
  expect(document.getElementById('sf-early-stage')).toBeNull();
  expect(engine.take(SRC)).toBeNull();
});

test('refused after all when the stream is ready: it steps aside then', async () => {
  const { engine, release } = setUp();
  await flush();
  const hls = FakeHls.last!;
  play.mockImplementation(() =>
    Promise.reject(Object.assign(new Error('refused'), { name: 'NotAllowedError' })),
  );
  hls.emit('hlsManifestParsed', { levels: hls.levels });
  await flush();
  expect(hls.destroyed).toBe(true);
  expect(release).toHaveBeenCalled();
  expect(engine.take(SRC)).toBeNull();
});

test('until the player takes it, a click, Space or K play and pause the video', async () => {
  const { engine } = setUp();
  await flush();
  const video = FakeHls.last!.media!;
  Object.defineProperty(video, 'paused', { configurable: true, get: () => false });
  document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ' }));
  expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
  video.click();
  expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(2);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'x' }));
  expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(2);
  engine.take(SRC);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'k' }));
  expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(2);
});

test.each([
  ['the viewer left the page', () => window.history.pushState(null, '', '/')],
  [
    'an older player made its own video',
    () => document.getElementById('root')!.append(document.createElement('video')),
  ],
  [
    'the shell could not load the player',
    () => document.body.insertAdjacentHTML('beforeend', '<section data-screen-failed></section>'),
  ],
])('%s: the early playback stops', async (_name, act) => {
  jest.useFakeTimers();
  setUp();
  await jest.advanceTimersByTimeAsync(0);
  const hls = FakeHls.last!;
  act();
  await jest.advanceTimersByTimeAsync(300);
  expect(hls.destroyed).toBe(true);
  expect(document.getElementById('sf-early-stage')).toBeNull();
});
