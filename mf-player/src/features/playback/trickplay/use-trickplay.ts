import { useCallback, useEffect, useRef } from 'react';
import { useVttFile } from '../use-vtt-file';
import { parseVtt } from '../vtt';

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

/** Cues in time order; malformed cues are skipped rather than failing the whole index. */
export function parseTrickplayVtt(text: string, indexUrl: string): TrickplayCue[] {
  const cues: TrickplayCue[] = [];
  for (const { start, end, payload } of parseVtt(text)) {
    const match = /^(.+)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(payload[0] ?? '');
    if (!match) continue;
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
export function cueAt<T extends { start: number }>(cues: readonly T[], time: number): T | null {
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

/** Warms the sprite sheets so the first hover shows a frame at once. */
const warmSprites = (cues: TrickplayCue[]) => {
  for (const url of new Set(cues.map((c) => c.url))) new Image().src = url;
};

/**
 * The index, once `enabled`; without one, or if it fails to load, `thumbnailAt` answers null
 * and no preview shows. The sprite sheets (tens of KB each, the index is a few) are warmed once
 * `warm` says playback can spare the bandwidth: on emulated 3G, a sheet fetched at the first
 * frame took the link from the second segment and playback stalled.
 */
export function useTrickplay(
  indexUrl: string | undefined,
  enabled: boolean,
  warm = true,
): { ready: boolean; thumbnailAt: (time: number) => TrickplayCue | null } {
  const cues = useVttFile(indexUrl, enabled, parseTrickplayVtt);
  const warmed = useRef<TrickplayCue[] | null>(null);
  useEffect(() => {
    if (!warm || cues.length === 0 || warmed.current === cues) return;
    warmed.current = cues;
    warmSprites(cues);
  }, [warm, cues]);
  const thumbnailAt = useCallback((time: number) => cueAt(cues, time), [cues]);
  return { ready: cues.length > 0, thumbnailAt };
}
