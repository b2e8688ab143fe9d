import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { earlyEngine, type EarlyTake } from '../hls/early-engine';

export interface VideoElementOptions {
  /** The stream's address: a watch link's early playback of it is taken over (early-engine.ts). */
  src: string;
  className: string;
  label: string;
  poster: string | undefined;
  onClick: () => void;
  onDoubleClick: () => void;
  onVideoElement?: (video: HTMLVideoElement | null) => void;
}

/**
 * The player's <video>: made here rather than by React, so that a watch link's early playback
 * (early-engine.ts: started by the HTML before the app arrived) is the element the player uses,
 * moved into the player's slot while it plays. Held in state for the hooks that follow it, handed
 * to the screen (watch logs, next episode), and given the viewer's remembered volume and mute.
 */
export function useVideoElement(
  options: VideoElementOptions,
  sound: { volume: number; muted: boolean },
) {
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const [held, setHeld] = useState<{ video: HTMLVideoElement; adopted: EarlyTake | null } | null>(
    null,
  );
  const latest = useRef(options);
  latest.current = options;

  useLayoutEffect(() => {
    if (!slot) return;
    const adopted = earlyEngine()?.take(latest.current.src) ?? null;
    const video = adopted?.video ?? document.createElement('video');
    video.playsInline = true;
    video.preload = 'auto';
    video.crossOrigin = 'anonymous';
    const click = () => latest.current.onClick();
    const doubleClick = () => latest.current.onDoubleClick();
    video.addEventListener('click', click);
    video.addEventListener('dblclick', doubleClick);
    // Moved in the same task it leaves the early stage: it plays on.
    slot.append(video);
    setHeld({ video, adopted });
    latest.current.onVideoElement?.(video);
    return () => {
      video.removeEventListener('click', click);
      video.removeEventListener('dblclick', doubleClick);
      video.remove();
      latest.current.onVideoElement?.(null);
    };
  }, [slot]);

  const video = held?.video ?? null;
  const { className, label, poster } = options;
  useLayoutEffect(() => {
    if (!video) return;
    video.className = className;
    video.setAttribute('aria-label', label);
    if (poster) video.poster = poster;
    else video.removeAttribute('poster');
  }, [video, className, label, poster]);

  useEffect(() => {
    if (!video) return;
    video.volume = sound.volume;
    video.muted = sound.muted;
  }, [video, sound.volume, sound.muted]);
  return { video, adopted: held?.adopted ?? null, slotRef: setSlot };
}
