import { useCallback, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type Hls from 'hls.js';
import type { HlsPlaybackState } from './hls-playback-state';

/** The viewer's choices on a playing stream: rendition, subtitles, audio. */
export function useHlsCommands(
  hlsRef: RefObject<Hls | null>,
  video: HTMLVideoElement | null,
  setState: Dispatch<SetStateAction<HlsPlaybackState>>,
) {
  const setLevel = useCallback((index: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    // nextLevel switches at the next fragment without flushing the buffer (no stall).
    if (index < 0) {
      hls.currentLevel = -1;
      hls.nextLevel = -1;
    } else {
      hls.nextLevel = index;
    }
    setState((s: HlsPlaybackState) => ({ ...s, autoLevel: index < 0 }));
  }, []);

  const setSubtitleTrack = useCallback(
    (id: number) => {
      const hls = hlsRef.current;
      if (hls) {
        hls.subtitleTrack = id;
      } else if (video) {
        // 'hidden' keeps the cues coming without the browser drawing them: the player does.
        Array.from(video.textTracks).forEach((t, i) => {
          t.mode = i === id ? 'hidden' : 'disabled';
        });
      }
      setState((s: HlsPlaybackState) => ({ ...s, subtitleTrack: id }));
    },
    [video],
  );

  /** Another audio track; hls.js swaps the audio buffer at the current position (no restart). */
  const setAudioTrack = useCallback((id: number) => {
    const hls = hlsRef.current;
    if (!hls) return;
    hls.audioTrack = id;
    setState((s: HlsPlaybackState) => ({ ...s, audioTrack: id }));
  }, []);

  return { setLevel, setSubtitleTrack, setAudioTrack };
}
