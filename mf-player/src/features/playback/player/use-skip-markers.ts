import { useCallback } from 'react';
import type { PlaybackSession } from '@streamflix/shared';

type Markers = PlaybackSession['markers'];

/** Whether the playhead is in the intro or the credits, where "Skip" is offered. */
export function skipWindows(
  { introStart, introEnd, creditsStart }: Markers,
  time: number,
  duration: number,
): { inIntro: boolean; inCredits: boolean } {
  const inIntro = introEnd != null && time >= (introStart ?? 0) && time < introEnd - 0.5;
  const inCredits =
    creditsStart != null && time >= creditsStart && duration > 0 && time < duration - 1;
  return { inIntro, inCredits };
}

/**
 * "Skip intro" and "Skip credits": where they apply and what they do. The screen may decide what
 * skipping the credits means (the next episode); without it the player jumps to the end.
 */
export function useSkipMarkers(
  markers: Markers,
  media: { time: number; duration: number },
  seekTo: (time: number) => void,
  onSkipCredits: (() => void) | undefined,
) {
  const { inIntro, inCredits } = skipWindows(markers, media.time, media.duration);
  const { introEnd } = markers;
  const { duration } = media;
  const skipIntro = useCallback(() => {
    if (introEnd != null) seekTo(introEnd);
  }, [introEnd, seekTo]);
  const skipCredits = useCallback(() => {
    if (onSkipCredits) onSkipCredits();
    else seekTo(duration);
  }, [onSkipCredits, seekTo, duration]);
  return { inIntro, inCredits, skipIntro, skipCredits };
}
