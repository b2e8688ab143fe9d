#!/usr/bin/env node
/**
 * `node mf-player/scripts/watch-waterfall.mjs`: the requests of one typed watch link on an emulated
 * network, in order, up to its first frame (issue 36): when each started and ended, its bytes on the
 * wire and its priority, and the bytes that finished before the first frame. What
 * docs/performance.md's "A typed or shared watch link" read to find what shared the link with
 * hls.js and the first segment. A fresh context (nothing cached), service workers blocked.
 *
 *   NET=3g|slow-4g|fast-4g   the network (qoe-network.mjs; default 3g)
 *   URL=http://localhost:3000/watch/t-0001/t-0001/0/0   the watch link (a running product)
 *   UNTIL=player             list on to the player's controls, not only to the first frame
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@streamflix/tools/chromium';
import { NETWORKS, openQoePage } from './qoe-network.mjs';
const net = NETWORKS[process.env.NET ?? '3g'];
const browser = await chromium.launch(
  chromiumLaunchOptions(['--autoplay-policy=no-user-gesture-required']),
);
const { page, cdp } = await openQoePage(browser, net);
const reqs = new Map();
let t0 = null;
cdp.on('Network.requestWillBeSent', (e) => {
  t0 ??= e.timestamp;
  reqs.set(e.requestId, {
    url: e.request.url,
    start: e.timestamp,
    prio: e.request.initialPriority,
  });
});
cdp.on('Network.responseReceived', (e) => {
  const r = reqs.get(e.requestId);
  if (r) {
    r.resp = e.timestamp;
    r.cache = e.response.fromDiskCache;
  }
});
cdp.on('Network.loadingFinished', (e) => {
  const r = reqs.get(e.requestId);
  if (r) {
    r.end = e.timestamp;
    r.bytes = e.encodedDataLength;
  }
});
const url = process.env.URL ?? 'http://localhost:3000/watch/t-0001/t-0001/0/0';
await page.goto(url, { waitUntil: 'commit' });
await page.waitForFunction(() => window.__qoe?.firstFrameAt != null, null, { timeout: 60000 });
const ff = await page.evaluate(() => window.__qoe.firstFrameAt);
// UNTIL=player: on to the player's controls (a watch link's early playback taken over).
if (process.env.UNTIL === 'player') {
  await page.waitForSelector('[data-testid=video-player] video', { timeout: 60000 });
  const at = await page.evaluate(() => performance.now());
  console.log('player on screen at', (at / 1000).toFixed(2), 's');
}
const until = process.env.UNTIL === 'player' ? Infinity : ff + 500;
let total = 0;
const rows = [...reqs.values()].sort((a, b) => a.start - b.start);
for (const r of rows) {
  const s = r.start - t0,
    e = r.end ? r.end - t0 : null;
  if (s * 1000 > until) continue;
  if (e && e * 1000 <= ff) total += r.bytes ?? 0;
  console.log(
    `${s.toFixed(2)} → ${e?.toFixed(2) ?? '—'}  ${String(Math.round((r.bytes ?? 0) / 1024)).padStart(4)} KB ${r.prio?.padEnd(8)} ${r.url.replace(/^http:\/\/localhost:/, ':').slice(0, 110)}`,
  );
}
console.log(
  'first frame at',
  (ff / 1000).toFixed(2),
  's; bytes finished before it',
  Math.round(total / 1024),
  'KB',
);
await browser.close();
