import { useEffect, useState } from 'react';

const isSubtitleTrack = (t: TextTrack) => t.kind === 'subtitles' || t.kind === 'captions';

/** The cue text of a track at a time, tags stripped, cues joined line by line. */
export function cueTextAt(track: TextTrack | undefined, time: number): string {
  const cues = track?.cues ? Array.from(track.cues) : [];
  return cues
    .filter((c) => c.startTime <= time && time < c.endTime)
    .map((c) => ('text' in c ? String((c as VTTCue).text) : ''))
    .join('\n')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/**
 * The subtitle text to show now: the selected track's cues (kept hidden, so the browser does
 * not draw them) at the playback time moved by the viewer's timing offset. Positive offsets
 * show each line later. Checked every animation frame while a track is on, so a 50 ms step
 * shows at once.
 */
export function useCaptionText(
  video: HTMLVideoElement | null,
  enabled: boolean,
  offsetSeconds: number,
): string {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!video || !enabled) {
      setText('');
      return;
    }
    let frame = 0;
    // Not '': the first check after a timing change must replace what the last one showed.
    let last: string | null = null;
    const tick = () => {
      const track = Array.from(video.textTracks).find(
        (t) => isSubtitleTrack(t) && t.mode !== 'disabled',
      );
      const next = cueTextAt(track, video.currentTime - offsetSeconds);
      if (next !== last) {
        last = next;
        setText(next);
      }
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [video, enabled, offsetSeconds]);
  return text;
}
