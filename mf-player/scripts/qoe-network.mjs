/**
 * The networks and the in-page probe of `npm run bench:qoe` (bench-qoe.mjs), kept apart from
 * the runner so each stays readable.
 */

const mbps = (n) => n * 1e6;

/**
 * Throughput in bits/s, round-trip latency in ms. Chrome DevTools' presets of the same names
 * multiply the RTT (request-level throttling does not model TCP); these are the plain figures.
 */
export const NETWORKS = {
  'fast-4g': { label: 'Fast 4G', down: mbps(9), up: mbps(1.5), rtt: 60 },
  'slow-4g': { label: 'Slow 4G', down: mbps(1.6), up: mbps(0.75), rtt: 150 },
  '3g': { label: '3G', down: mbps(0.75), up: mbps(0.25), rtt: 300 },
};

/** The step-down run: Fast 4G, 0.8 Mbps from 20 s into playback, Fast 4G again from 40 s. */
export const STEP_DOWN = [
  { at: 0, network: NETWORKS['fast-4g'] },
  { at: 20, network: { ...NETWORKS['fast-4g'], label: '0.8 Mbps', down: mbps(0.8) } },
  { at: 40, network: NETWORKS['fast-4g'] },
];

/** Applies a network to a page through the DevTools Protocol (throughput in bytes/s). */
export async function emulate(cdp, network) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.rtt,
    downloadThroughput: network.down / 8,
    uploadThroughput: network.up / 8,
  });
}

/**
 * A fresh context and page as the benches open a watch (nothing cached, as on a first visit; service
 * workers blocked, since a worker's own fetches escape the page's emulated network), with the probe
 * below and the network emulated (none: the machine's own).
 */
export async function openQoePage(browser, network) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.addInitScript(qoeProbe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (network) await emulate(cdp, network);
  return { context, page, cdp };
}

/**
 * Runs in the page before any script (addInitScript): the first <video> that starts loading
 * gets a first-frame callback, its stalls are timed from 'waiting' to 'playing' once it has
 * played (a wait caused by a seek is not a stall), and every 250 ms the rendition on screen
 * (videoHeight) is sampled.
 */
export function qoeProbe() {
  const q = {
    clickAt: null,
    firstFrameAt: null,
    stalls: [],
    samples: [],
    errors: [],
  };
  window.__qoe = q;
  document.addEventListener(
    'click',
    () => {
      q.clickAt ??= performance.now();
    },
    { capture: true },
  );
  document.addEventListener(
    'loadstart',
    (e) => {
      const v = e.target;
      if (!(v instanceof HTMLVideoElement) || q.video) return;
      q.video = v;
      const first = () => {
        q.firstFrameAt ??= performance.now();
      };
      if ('requestVideoFrameCallback' in v) v.requestVideoFrameCallback(first);
      else v.addEventListener('playing', first, { once: true });
      let seeking = false;
      let started = false;
      let open = null;
      v.addEventListener('seeking', () => (seeking = true));
      v.addEventListener('seeked', () => (seeking = false));
      // Until the first 'playing', a wait is still the start-up (counted there, not as a stall).
      v.addEventListener('waiting', () => {
        if (!started || seeking || open) return;
        // Buffered past the playhead in the range that holds it (a hole ahead is no buffer).
        let ahead = 0;
        for (let i = 0; i < v.buffered.length; i += 1)
          if (v.buffered.start(i) <= v.currentTime + 0.1 && v.currentTime <= v.buffered.end(i))
            ahead = v.buffered.end(i) - v.currentTime;
        open = { start: performance.now(), at: v.currentTime, ahead, height: v.videoHeight };
        q.stalls.push(open);
      });
      v.addEventListener('playing', () => {
        started = true;
        if (open) open.end = performance.now();
        open = null;
      });
      v.addEventListener('error', () => q.errors.push(v.error?.message || `code ${v.error?.code}`));
      setInterval(() => {
        q.samples.push({
          t: performance.now(),
          time: v.currentTime,
          height: v.videoHeight,
          paused: v.paused,
          ended: v.ended,
        });
      }, 250);
    },
    { capture: true },
  );
}

/**
 * The watch window's figures from the probe's record: the window opens at the first frame and
 * lasts `seconds`. A stall still open at the end counts up to the end.
 */
export function watchFigures(q, seconds, phases = []) {
  const from = q.firstFrameAt;
  const to = from + seconds * 1000;
  const within = q.stalls.filter((s) => s.start < to);
  const stalls = within.map((s) => Math.min(s.end ?? to, to) - s.start);
  // Rebuffering: the buffer ran dry (under a second left when the wait began). A wait with
  // seconds of media buffered is the decoder falling behind (a CPU short of time), not the network.
  const dry = within.map((s) => s.ahead < 1);
  const stalledMs = stalls.filter((_, i) => dry[i]).reduce((a, b) => a + b, 0);
  const shown = q.samples.filter((s) => s.t >= from && s.t <= to && s.height > 0);
  const mean = (list) => (list.length ? list.reduce((a, s) => a + s.height, 0) / list.length : 0);
  let switches = 0;
  for (let i = 1; i < shown.length; i += 1)
    if (shown[i].height !== shown[i - 1].height) switches += 1;
  const last = q.samples.filter((s) => s.t <= to).at(-1);
  return {
    stalls: dry.filter(Boolean).length,
    decoderStalls: dry.filter((d) => !d).length,
    decoderStalledMs: stalls.filter((_, i) => !dry[i]).reduce((a, b) => a + b, 0),
    // When each began (s into the watch), for how long, at which rendition and buffer end.
    stallLog: within.map(
      (s, i) =>
        `${((s.start - from) / 1000).toFixed(1)} s: ${(stalls[i] / 1000).toFixed(2)} s at ${s.height}p, media ${s.at.toFixed(1)} s, ${s.ahead.toFixed(1)} s buffered${dry[i] ? '' : ' (decoder)'}`,
    ),
    stalledMs,
    ratio: stalledMs / (seconds * 1000),
    avgHeight: mean(shown),
    minHeight: shown.length ? Math.min(...shown.map((s) => s.height)) : 0,
    switches,
    // Stopped by something other than the network (an error, a pause): the watch failed.
    stopped: !last || last.paused || last.ended,
    phaseHeights: phases.map(([a, b]) =>
      mean(shown.filter((s) => s.t >= from + a * 1000 && s.t < from + b * 1000)),
    ),
  };
}

/** Median and p95 (nearest rank) of a list of numbers. */
export function quantiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  return sorted.length ? { median: q(0.5), p95: q(0.95) } : { median: NaN, p95: NaN };
}
