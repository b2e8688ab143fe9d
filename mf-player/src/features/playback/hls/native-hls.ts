import type { StreamProblem } from '../player-problems';

/**
 * Native HLS, where hls.js cannot run (iOS Safari): the browser picks renditions itself; the
 * player reads the subtitle tracks it found and turns a media error into a stream problem.
 */
export function attachNative(
  video: HTMLVideoElement,
  src: string,
  startAt: number,
  onSubtitleTracks: (tracks: Array<{ id: number; name: string; lang: string }>) => void,
  fail: (problem: StreamProblem) => void,
): void {
  const onMeta = () => {
    if (startAt > 0) video.currentTime = startAt;
    const tracks = Array.from(video.textTracks)
      .map((t, id) => ({ id, name: t.label, lang: t.language, kind: t.kind }))
      .filter((t) => t.kind === 'subtitles' || t.kind === 'captions');
    onSubtitleTracks(tracks.map(({ id, name, lang }) => ({ id, name, lang })));
  };
  video.addEventListener('loadedmetadata', onMeta, { once: true });
  video.addEventListener(
    'error',
    () =>
      fail(
        video.error?.code === 4 // MEDIA_ERR_SRC_NOT_SUPPORTED
          ? { kind: 'decode', codecs: [] }
          : { kind: 'other', detail: video.error?.message || 'The video could not be played.' },
      ),
    { once: true },
  );
  video.src = src;
}
