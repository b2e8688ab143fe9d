import type { HlsConfig } from 'hls.js';

/**
 * How hls.js starts and adapts, measured on emulated networks with `npm run bench:qoe` (Fast 4G,
 * Slow 4G, 3G and a 9 → 0.8 → 9 Mbps step-down) against our ladder: 240p (~0.4 Mbps with its
 * audio), 360p (~1 Mbps), 720p (~2.8 Mbps) in 2-second segments.
 */

/** hls.js's own default estimate, for browsers that give none (Safari, Firefox). */
export const DEFAULT_ESTIMATE_BPS = 500_000;

/**
 * The share of the estimated throughput the starting rung may take. A quarter means its first
 * 2-second segment arrives in about half a second: start-up is what a viewer waits through,
 * while a better rung is only one segment away once playing.
 */
const START_SHARE = 0.25;

interface NetworkInformationLike {
  downlink?: number;
  saveData?: boolean;
}

/**
 * The browser's estimate of the connection's throughput in bits/s (Chromium's network-quality
 * estimate from recent traffic, Shaka Player's first guess too), or null where there is none.
 * Chromium caps it at 10 Mbps, which is above what any of our rungs needs to start.
 */
export function connectionEstimate(
  connection: NetworkInformationLike | undefined = (
    globalThis.navigator as { connection?: NetworkInformationLike } | undefined
  )?.connection,
): number | null {
  const mbps = connection?.downlink;
  if (!connection || typeof mbps !== 'number' || !(mbps > 0)) return null;
  // A viewer who asked to save data starts on the lightest rung whatever the link.
  if (connection.saveData) return 0;
  return mbps * 1e6;
}

/**
 * The rung to start on, among variants' peak bandwidths (bits/s, any order): the highest whose
 * peak fits in START_SHARE of the estimate, else the lightest. Without an estimate, the lightest:
 * its first segment is the soonest to arrive, and ABR climbs from there after one segment.
 */
export function startVariant(bandwidths: readonly number[], estimateBps: number | null): number {
  let lightest = -1;
  let best = -1;
  bandwidths.forEach((b, i) => {
    if (lightest < 0 || b < bandwidths[lightest]!) lightest = i;
    if (
      estimateBps !== null &&
      b <= estimateBps * START_SHARE &&
      (best < 0 || b > bandwidths[best]!)
    )
      best = i;
  });
  return best >= 0 ? best : lightest;
}

export function hlsConfig(startAt: number, estimateBps: number | null): Partial<HlsConfig> {
  return {
    // The player is what limits the picture, not the network: a 360 px wide player never pays for
    // 720p. (hls.js counts device pixels, so a phone's sharp screen still gets a sharp picture.)
    capLevelToPlayerSize: true,
    // The starting rung is chosen when the manifest arrives (startVariant, the same rule the
    // warm-up used, so its segment is the one needed). Off until then: the lightest.
    startLevel: 0,
    // hls.js's bitrate test downloads a segment of the lightest rung and throws it away before
    // loading the real first segment: one more round trip and segment before the first frame,
    // for an estimate the browser (and then the first real segment) already gives.
    testBandwidth: false,
    // What the ABR assumes until the first segment is measured (the first up-switch decision).
    abrEwmaDefaultEstimate: estimateBps || DEFAULT_ESTIMATE_BPS,
    // Stay on a rung while its peak fits in 90% of the estimate (hls.js: 95%): the estimate is
    // taken on video segments, while the same link also carries the audio and the playlists.
    abrBandWidthFactor: 0.9,
    // Climb only when the next rung fits in 70% (hls.js's default, the Stagefright rule): an
    // up-switch that turns out too heavy costs a stall, staying one segment longer costs nothing.
    abrBandWidthUpFactor: 0.7,
    startPosition: startAt > 0 ? startAt : -1,
    // 30 s ahead (hls.js's default) is what carried the step-down run through 20 s at 0.8 Mbps
    // without a stall; more would only hold more memory on a phone.
    maxBufferLength: 30,
    // ...and no more: hls.js otherwise fills up to maxBufferSize (60 MB, minutes of a low rung) or
    // the whole title, and a stream whose session has ended (signed out elsewhere, the plan's screen
    // taken) would play on from memory with no request left to refuse (SECURITY.md, media).
    maxMaxBufferLength: 30,
    // Seconds kept behind the playhead: a short jump back plays from memory, the rest is freed.
    backBufferLength: 30,
    enableWorker: true,
    // The first segment's request leaves with the playlists' answers, not after the
    // MediaSource has opened (most often it is in the HTTP cache already: warmStream).
    startFragPrefetch: true,
  };
}
