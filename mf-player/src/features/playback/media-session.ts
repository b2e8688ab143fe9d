import { useEffect } from 'react';

/** Hardware media keys and the lock screen / system media controls. */
export interface MediaSessionInfo {
  title: string;
  artist?: string;
  artworkUrl?: string;
}

export interface MediaSessionHandlers {
  play: () => void;
  pause: () => void;
  seekBy: (seconds: number) => void;
  seekTo: (seconds: number) => void;
  previous?: () => void;
  next?: () => void;
}

export function bindMediaSession(info: MediaSessionInfo, h: MediaSessionHandlers): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => undefined;
  const ms = navigator.mediaSession;
  try {
    if (typeof MediaMetadata !== 'undefined') {
      ms.metadata = new MediaMetadata({
        title: info.title,
        artist: info.artist ?? 'Streamflix',
        album: 'Streamflix',
        artwork: info.artworkUrl
          ? [{ src: info.artworkUrl, sizes: '600x900', type: 'image/svg+xml' }]
          : [],
      });
    }
  } catch {
    // Metadata is a nicety; never let it stop playback.
  }
  const actions: Array<[MediaSessionAction, MediaSessionActionHandler | null]> = [
    ['play', () => h.play()],
    ['pause', () => h.pause()],
    ['seekbackward', (d) => h.seekBy(-(d.seekOffset ?? 10))],
    ['seekforward', (d) => h.seekBy(d.seekOffset ?? 10)],
    ['seekto', (d) => (d.seekTime != null ? h.seekTo(d.seekTime) : undefined)],
    ['previoustrack', h.previous ? () => h.previous?.() : null],
    ['nexttrack', h.next ? () => h.next?.() : null],
  ];
  for (const [action, handler] of actions) {
    try {
      ms.setActionHandler(action, handler);
    } catch {
      // Older browsers throw for actions they do not know.
    }
  }
  return () => {
    for (const [action] of actions) {
      try {
        ms.setActionHandler(action, null);
      } catch {
        /* ignore */
      }
    }
    try {
      ms.metadata = null;
    } catch {
      /* ignore */
    }
  };
}

export function updatePositionState(video: HTMLVideoElement): void {
  try {
    if ('mediaSession' in navigator && Number.isFinite(video.duration) && video.duration > 0) {
      navigator.mediaSession.setPositionState({
        duration: video.duration,
        playbackRate: video.playbackRate || 1,
        position: Math.min(video.currentTime, video.duration),
      });
    }
  } catch {
    /* ignore */
  }
}

/** bindMediaSession while the player shows this title with these commands (rebound as they change). */
export function useMediaSession(info: MediaSessionInfo, handlers: MediaSessionHandlers): void {
  const { title, artist, artworkUrl } = info;
  const { play, pause, seekBy, seekTo, previous, next } = handlers;
  useEffect(
    () =>
      bindMediaSession(
        { title, artist, artworkUrl },
        { play, pause, seekBy, seekTo, previous, next },
      ),
    [title, artist, artworkUrl, play, pause, seekBy, seekTo, previous, next],
  );
}
