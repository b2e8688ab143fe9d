import type Hls from 'hls.js';
import {
  EARLY_ENGINE_VERSION,
  type EarlyEngine,
  type EarlyTake,
} from '../../../early/early-playback';

export type { EarlyTake };

/** The early engine a watch link's HTML loaded (early-playback.ts), if it is one this player knows. */
export function earlyEngine(): EarlyEngine | null {
  const e = (globalThis as { __sfEarlyEngine?: Partial<EarlyEngine> }).__sfEarlyEngine;
  return e && e.v === EARLY_ENGINE_VERSION && typeof e.take === 'function' && e.Hls
    ? (e as EarlyEngine)
    : null;
}

/**
 * hls.js: the early engine's copy when the page has one (the same build, already downloaded and
 * run), else this remote's shared chunk, loaded on demand.
 */
export async function loadHls(): Promise<typeof Hls> {
  const early = earlyEngine();
  if (early) return early.Hls;
  return (await import(/* webpackChunkName: "hls" */ 'hls.js')).default;
}
