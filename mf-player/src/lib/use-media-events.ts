import { useEffect, useRef } from 'react';

export type MediaListeners = Array<[event: string, listener: EventListener]>;

/**
 * Listens to a media element's events for as long as it is mounted: `listen` gets the
 * element and returns its listeners, once per element (a new closure each render does
 * not re-subscribe).
 */
export function useMediaEvents<E extends HTMLMediaElement>(
  media: E | null,
  listen: (media: E) => MediaListeners,
): void {
  const listenRef = useRef(listen);
  listenRef.current = listen;
  useEffect(() => {
    if (!media) return;
    const listeners = listenRef.current(media);
    listeners.forEach(([event, listener]) => media.addEventListener(event, listener));
    return () =>
      listeners.forEach(([event, listener]) => media.removeEventListener(event, listener));
  }, [media]);
}
