import { useEffect, useState } from 'react';
import { useMediaEvents } from '../../lib/use-media-events';

/** A phone, held either way: narrow, or short with a coarse pointer (landscape). */
export const PHONE_QUERY = '(max-width: 640px), (max-height: 500px) and (pointer: coarse)';

const matches = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;

/** Whether this is a phone now: the watch page starts immersive there (before its player mounts). */
export const onPhone = () => matches(PHONE_QUERY);

/**
 * On a phone the watch page is immersive from the start and while the video plays: the player takes
 * the whole screen (the site's chrome is under it), as the page's loading screen did (shell
 * watch-hints.cjs, loading-fallback.module.css), so nothing moves when it starts. Pausing (or the
 * end) brings the page back, playing again hides it, and turning the phone to landscape asks for
 * fullscreen (a browser may refuse without a tap; then the screen-filling layout stays).
 */
export function useImmersive(
  video: HTMLVideoElement | null,
  container: () => HTMLElement | null,
): boolean {
  const [phone, setPhone] = useState(onPhone);
  // Until the viewer pauses (or the video ends) the page stays immersive, starting or playing.
  const [stopped, setStopped] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(PHONE_QUERY);
    const onChange = () => setPhone(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  useMediaEvents(video, () => [
    ['playing', () => setStopped(false)],
    ['pause', () => setStopped(true)],
    ['ended', () => setStopped(true)],
  ]);
  const immersive = phone && !stopped;
  useEffect(() => {
    if (!immersive) return;
    const orientation = typeof screen !== 'undefined' ? screen.orientation : undefined;
    const onTurn = () => {
      const el = container();
      if (!el || document.fullscreenElement) return;
      if (orientation?.type.startsWith('landscape'))
        void el.requestFullscreen?.().catch(() => undefined);
    };
    orientation?.addEventListener('change', onTurn);
    return () => orientation?.removeEventListener('change', onTurn);
  }, [immersive, container]);
  return immersive;
}
