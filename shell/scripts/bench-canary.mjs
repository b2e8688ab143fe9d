#!/usr/bin/env node
/**
 * `npm run bench:canary -w shell`: what choosing the canary arms adds to the shell host's HTML
 * response. No build and no browser: the host's own transformHtml (shell/scripts/serve.mjs) over an
 * in-memory source, on the local document with every remote on canary (the worst case: four flag
 * evaluations per page), against the same document without canaries.
 *
 *   arm choice      viewerOf + resolveArms alone (the cookie read and four flagd `fractional`
 *                   evaluations), per response
 *   page, canary    the whole transformHtml with canaries (returning viewers: they send the cookie)
 *   page, first     the same for first visits (a key and a Set-Cookie to make)
 *   page, none      the whole transformHtml without any canary (what every page cost before)
 *
 *   N=20000 (responses per row)   TARGET_MS=2 (p95 of the added time; exit 1 above it)
 *
 * Figures on a shared or busy machine are noisy: read the rows against each other.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import remotesRegistry from '@streamflix/tools/remotes';
import { VIEWER_COOKIE, resolveArms, viewerOf } from './canary-arms.cjs';
import { shellHost } from './serve.mjs';

const REMOTES = remotesRegistry.readRegistry();
const here = path.dirname(fileURLToPath(import.meta.url));
const N = Number(process.env.N ?? 20_000);
const TARGET_MS = Number(process.env.TARGET_MS ?? 2);
const local = JSON.parse(readFileSync(path.join(here, '../composition/local.json'), 'utf8'));

const withCanaries = {
  ...local,
  remotes: Object.fromEntries(
    Object.entries(local.remotes).map(([name, entry], i) => [
      name,
      {
        ...entry,
        canary: {
          entry: { ...entry, manifest: `${entry.manifest}?canary=1`, version: '99.0.0' },
          percent: [1, 5, 25, 50][i % 4],
          startedAt: new Date().toISOString(),
        },
      },
    ]),
  ),
};
if (Object.keys(withCanaries.remotes).length !== REMOTES.length)
  throw new Error('bench-canary: the local document does not list every remote of remotes.json');

const sourceOf = (doc) => ({
  read: () => ({ doc, body: Buffer.from(JSON.stringify(doc)) }),
  status: () => ({ source: 'bench' }),
  headers: () => ({}),
  stop() {},
});
const html =
  '<!doctype html><html><head><meta charset="utf-8"><title>Streamflix</title></head>' +
  '<body><div id="root"></div><script src="/main.12345678.js"></script></body></html>';
const dist = mkdtempSync(path.join(os.tmpdir(), 'bench-canary-'));
const viewers = Array.from({ length: 4096 }, () => randomUUID().replace(/-/g, ''));
const request = (i, cookie = true) => ({
  headers: cookie ? { cookie: `theme=dark; ${VIEWER_COOKIE}=${viewers[i % viewers.length]}` } : {},
});

function measure(run) {
  for (let i = 0; i < Math.min(2000, N); i++) run(i); // warm-up (JIT, the flag cache)
  const times = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const start = process.hrtime.bigint();
    run(i);
    times[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  times.sort();
  const at = (q) => times[Math.min(N - 1, Math.floor(q * N))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const canaryHost = shellHost(dist, sourceOf(withCanaries));
const plainHost = shellHost(dist, sourceOf(local));
const rows = {
  'arm choice': measure((i) => {
    const viewer = viewerOf(request(i).headers.cookie);
    resolveArms(withCanaries, viewer.key);
  }),
  'page, canary': measure((i) => canaryHost.transformHtml(html, '/', request(i))),
  'page, first': measure((i) => canaryHost.transformHtml(html, '/', request(i, false))),
  'page, none': measure((i) => plainHost.transformHtml(html, '/', request(i))),
};
rmSync(dist, { recursive: true, force: true });

const ms = (v) => `${v.toFixed(3)} ms`.padStart(10);
console.log(
  `${N} responses per row, ${REMOTES.length} remotes on canary, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${''.padEnd(14)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}`);
for (const [name, r] of Object.entries(rows))
  console.log(`${name.padEnd(14)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}`);
const added = rows['arm choice'].p95;
console.log(
  `added per HTML response (arm choice, p95): ${added.toFixed(3)} ms — target ≤ ${TARGET_MS} ms: ${added <= TARGET_MS ? 'met' : 'NOT met'}`,
);
console.log(
  JSON.stringify({ bench: 'canary', n: N, rows, addedP95Ms: added, targetMs: TARGET_MS }),
);
if (added > TARGET_MS) process.exitCode = 1;
