import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seek-bar thumbnails ("trickplay"): the API's WebVTT index maps time ranges to a tile of a
 * sprite sheet (`sprite-00.jpg#xywh=x,y,w,h`, relative to the index).
 */
export interface TrickplayCue {
  start: number;
  end: number;
  /** Absolute URL of the sprite sheet. */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

function seconds(stamp: string): number {
  const parts = stamp.trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Cues in time order; malformed cues are skipped rather than failing the whole index. */
export function parseTrickplayVtt(text: string, indexUrl: string): TrickplayCue[] {
  if (!text.startsWith('WEBVTT')) return [];
  const cues: TrickplayCue[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const lines = block.split(/\r?\n/).map((l) => l.trim());
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = lines[timing]!.split('-->');
    const target = lines[timing + 1] ?? '';
    const match = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target);
    const start = seconds(from ?? '');
    const end = seconds((to ?? '').trim().split(/\s+/)[0] ?? '');
    if (!match || !Number.isFinite(start) || !Number.isFinite(end) || end <= start) continue;
    let url: string;
    try {
      url = new URL(match[1]!, indexUrl).href;
    } catch {
      continue;
    }
    cues.push({
      start,
      end,
      url,
      x: Number(match[2]),
      y: Number(match[3]),
      width: Number(match[4]),
      height: Number(match[5]),
    });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue showing at `time` (binary search); past the end, the last one. */
export function cueAt(cues: readonly TrickplayCue[], time: number): TrickplayCue | null {
  if (cues.length === 0 || !Number.isFinite(time)) return null;
  let lo = 0;
  let hi = cues.length - 1;
  if (time >= cues[hi]!.start) return cues[hi]!;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cues[mid]!.start <= time) lo = mid;
    else hi = mid - 1;
  }
  return cues[lo]!;
}

/**
 * Fetches and parses the index once `enabled` (after playback starts, so it never competes with
 * the first frame), then warms the sprite sheets so the first hover shows a frame at once.
 * Without an index, or if it fails to load, `thumbnailAt` answers null and no preview shows.
 */
export function useTrickplay(
  indexUrl: string | undefined,
  enabled: boolean,
): { ready: boolean; thumbnailAt: (time: number) => TrickplayCue | null } {
  const [cues, setCues] = useState<TrickplayCue[]>([]);
  const requested = useRef<string | null>(null);

  useEffect(() => {
    if (!indexUrl || !enabled || requested.current === indexUrl) return;
    setCues([]);
    requested.current = indexUrl;
    const controller = new AbortController();
    fetch(indexUrl, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => {
        const parsed = parseTrickplayVtt(text, indexUrl);
        setCues(parsed);
        for (const url of new Set(parsed.map((c) => c.url))) new Image().src = url;
      })
      .catch(() => {
        // A missing preview is not worth an error: the seek bar works without it.
        if (!controller.signal.aborted) setCues([]);
      });
    return () => {
      controller.abort();
      if (requested.current === indexUrl) requested.current = null;
    };
  }, [indexUrl, enabled]);

  const thumbnailAt = useCallback((time: number) => cueAt(cues, time), [cues]);
  return { ready: cues.length > 0, thumbnailAt };
}
