import { useCallback, useEffect, useState } from 'react';

/**
 * The player's <video>: held in state for the hooks that follow it, handed to the screen (watch
 * logs, next episode), and given the viewer's remembered volume and mute.
 */
export function useVideoElement(
  onVideoElement: ((video: HTMLVideoElement | null) => void) | undefined,
  sound: { volume: number; muted: boolean },
) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const videoRef = useCallback(
    (el: HTMLVideoElement | null) => {
      setVideo(el);
      onVideoElement?.(el);
    },
    [onVideoElement],
  );
  useEffect(() => {
    if (!video) return;
    video.volume = sound.volume;
    video.muted = sound.muted;
  }, [video, sound.volume, sound.muted]);
  return { video, videoRef };
}
