import { useEffect, useRef, useState } from 'react';

/**
 * A WebVTT side file (trickplay index, chapters), fetched once `enabled` (after playback
 * starts, so it never competes with the first frame) and parsed. A missing or failing file
 * reads as no cues: the player works without it.
 */
export function useVttFile<T>(
  url: string | undefined,
  enabled: boolean,
  parse: (text: string, url: string) => T[],
  onLoaded?: (cues: T[]) => void,
): T[] {
  const [cues, setCues] = useState<T[]>([]);
  const requested = useRef<string | null>(null);
  const parseRef = useRef(parse);
  parseRef.current = parse;
  const loadedRef = useRef(onLoaded);
  loadedRef.current = onLoaded;

  useEffect(() => {
    if (!url || !enabled || requested.current === url) return;
    setCues([]);
    requested.current = url;
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => {
        const parsed = parseRef.current(text, url);
        setCues(parsed);
        loadedRef.current?.(parsed);
      })
      .catch(() => {
        if (!controller.signal.aborted) setCues([]);
      });
    return () => {
      controller.abort();
      if (requested.current === url) requested.current = null;
    };
  }, [url, enabled]);
  return cues;
}
