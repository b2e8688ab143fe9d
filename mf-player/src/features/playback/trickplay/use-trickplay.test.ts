import { renderHook, waitFor } from '@testing-library/react';
import { cueAt, parseTrickplayVtt, useTrickplay } from './use-trickplay';

const INDEX = 'http://api.test/media/feature-01/trickplay/thumbnails.vtt';
const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
sprite-00.jpg#xywh=0,0,160,90

00:00:02.000 --> 00:00:04.000
sprite-00.jpg#xywh=160,0,160,90

not a cue

00:01:40.000 --> 00:01:41.500 align:start
sprite-01.jpg#xywh=320,90,160,90

00:00:05.000 --> 00:00:04.000
sprite-00.jpg#xywh=0,0,160,90

00:00:06.000 --> 00:00:08.000
sprite-00.jpg
`;

describe('parseTrickplayVtt', () => {
  it('reads tiles with sprite URLs resolved against the index and skips malformed cues', () => {
    const cues = parseTrickplayVtt(VTT, INDEX);
    expect(cues).toEqual([
      {
        start: 0,
        end: 2,
        url: 'http://api.test/media/feature-01/trickplay/sprite-00.jpg',
        x: 0,
        y: 0,
        width: 160,
        height: 90,
      },
      expect.objectContaining({ start: 2, end: 4, x: 160, y: 0 }),
      expect.objectContaining({
        start: 100,
        end: 101.5,
        url: 'http://api.test/media/feature-01/trickplay/sprite-01.jpg',
        x: 320,
        y: 90,
      }),
    ]);
  });

  it('accepts CRLF line endings and rejects what is not WebVTT', () => {
    expect(parseTrickplayVtt(VTT.replace(/\n/g, '\r\n'), INDEX)).toHaveLength(3);
    expect(parseTrickplayVtt('<html>Not found</html>', INDEX)).toEqual([]);
  });
});

describe('cueAt', () => {
  const cues = parseTrickplayVtt(VTT, INDEX);
  it('finds the tile showing at a time', () => {
    expect(cueAt(cues, 0)?.x).toBe(0);
    expect(cueAt(cues, 1.99)?.x).toBe(0);
    expect(cueAt(cues, 2)?.x).toBe(160);
    expect(cueAt(cues, 50)?.x).toBe(160);
    expect(cueAt(cues, 100.5)?.x).toBe(320);
    expect(cueAt(cues, 500)?.x).toBe(320);
  });
  it('answers null without cues or a time', () => {
    expect(cueAt([], 3)).toBeNull();
    expect(cueAt(cues, Number.NaN)).toBeNull();
  });
});

describe('useTrickplay', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn(async () => ({ ok: true, text: async () => VTT }) as Response);
    global.fetch = fetchMock as typeof fetch;
  });

  it('waits until enabled, then fetches the index once and looks tiles up', async () => {
    const { result, rerender } = renderHook(({ on }) => useTrickplay(INDEX, on), {
      initialProps: { on: false },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.thumbnailAt(3)).toBeNull();
    rerender({ on: true });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.thumbnailAt(3)).toMatchObject({ x: 160, y: 0 });
    rerender({ on: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(INDEX, expect.anything());
  });

  it('shows nothing without an index, or when it fails to load', async () => {
    const none = renderHook(() => useTrickplay(undefined, true));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(none.result.current.thumbnailAt(3)).toBeNull();

    fetchMock.mockImplementation(async () => ({ ok: false, text: async () => '' }) as Response);
    const failed = renderHook(() => useTrickplay(INDEX, true));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(failed.result.current.ready).toBe(false);
    expect(failed.result.current.thumbnailAt(3)).toBeNull();
  });

  it('warms the sprite sheets only once told to, and once', async () => {
    const sources: string[] = [];
    const RealImage = window.Image;
    window.Image = class {
      set src(url: string) {
        sources.push(url);
      }
    } as unknown as typeof Image;
    try {
      const { result, rerender } = renderHook(({ warm }) => useTrickplay(INDEX, true, warm), {
        initialProps: { warm: false },
      });
      await waitFor(() => expect(result.current.ready).toBe(true));
      expect(sources).toEqual([]);
      rerender({ warm: true });
      rerender({ warm: false });
      rerender({ warm: true });
      expect(sources).toEqual([
        'http://api.test/media/feature-01/trickplay/sprite-00.jpg',
        'http://api.test/media/feature-01/trickplay/sprite-01.jpg',
      ]);
    } finally {
      window.Image = RealImage;
    }
  });
});
