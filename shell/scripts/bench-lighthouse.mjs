#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse performance (mobile and desktop, median of
 * RUNS) on `/`, a title detail, `/skip-explore` and, as a new signed-in viewer, the
 * home, My List and the watch page, with a minimal React 19 page served from this
 * machine in the same run as the floor, and each page's longest tasks by the script
 * that ran them (the median run's, mobile), how many runs had a task over 100 ms and the longest
 * task over all runs both as Lighthouse counts it (wall time ×4) and in the main thread's CPU time
 * ×4 (its trace's thread time: what the page itself ran), plus the time of a
 * client-side route change to a remote that is not loaded yet (click → the new
 * screen's heading, median of 5). Run after `npm run build`; figures on a shared
 * or busy machine are noisy, so read them against the floor row.
 *
 *   BENCH_URL=http://localhost:3000   use a product that is already running
 *   RUNS=3  TITLE=t-0001  CHROME_PATH=/usr/bin/chromium
 *   PAGES=skip-explore,movie   only the pages whose path contains one of these (the floor always runs)
 *   FORMS=mobile               only these form factors (mobile, desktop)
 *   ROUTES=0                   skip the route-change measurement
 *   LHR_DIR=/tmp/lhr           keep each run's Lighthouse JSON there, to read the LCP breakdown,
 *                              and its trace (.trace.json), to see what ran inside a long task
 *   THROTTLING=devtools        throttle the page for real (Chrome's network and CPU emulation, the
 *                              same phone) instead of simulating it: Lighthouse's simulation
 *                              estimates a paint from the requests and scripts that finished before
 *                              it on this machine's unthrottled load, so a paint the HTML makes
 *                              early (a signed-in home's hero) only shows in the applied figures
 *
 * Targets: mobile >= 90, desktop >= 97, route change < 300 ms.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from '@playwright/test';
import { newViewerStorage, startProduct, waitFor } from '@streamflix/tools/bench-product';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@streamflix/tools/chromium';
import { startFloor } from '@streamflix/tools/floor-page';
import {
  PHONE_CPU_SLOWDOWN,
  describe,
  longestMs,
  readTasks,
  scriptMs,
} from '@streamflix/tools/main-thread';

const RUNS = Number(process.env.RUNS ?? 3);
const PAGES = process.env.PAGES ? process.env.PAGES.split(',').filter(Boolean) : null;
const FORMS = (process.env.FORMS ?? 'mobile,desktop').split(',').filter(Boolean);
const LHR_DIR = process.env.LHR_DIR;
const THROTTLING = process.env.THROTTLING === 'devtools' ? 'devtools' : 'simulate';
const TITLE = process.env.TITLE ?? 't-0001';
// CHROME_PATH is this bench's older name for CHROMIUM_PATH.
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const FLAGS = CHROMIUM_FLAGS;
let base = process.env.BENCH_URL;
if (!base) {
  let apiUrl;
  ({ base, apiUrl } = startProduct({
    shellPort: 3600,
    apiPort: 4600,
    dataDir: path.join(os.tmpdir(), 'sf-bench-lighthouse'),
  }));
  await waitFor(`${apiUrl}/v1/genres`, 120_000);
}
await waitFor(base, 60_000);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

let lhrCount = 0;
async function audit(url, formFactor, state) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
  try {
    // A signed-in page: the viewer's storage is written first, and Lighthouse keeps it.
    if (state) await seedStorage(chrome.port, new URL(url).origin, state);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(state),
        throttlingMethod: THROTTLING,
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result.lhr;
    if (LHR_DIR) {
      const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
      lhrCount += 1;
      mkdirSync(LHR_DIR, { recursive: true });
      writeFileSync(path.join(LHR_DIR, `${formFactor}${name}${lhrCount}.json`), result.report);
      // The run's trace beside it: what ran inside a long task (open it in DevTools' Performance panel).
      const trace = result.artifacts?.Trace;
      if (trace) {
        writeFileSync(
          path.join(LHR_DIR, `${formFactor}${name}${lhrCount}.trace.json`),
          JSON.stringify(trace),
        );
      }
    }
    // The same run's tasks by the main thread's CPU time (thread time) at the phone's slowdown,
    // beside Lighthouse's wall time: on a shared 2-CPU machine a task the thread spent waiting
    // for a CPU (the product's servers, Chromium's other processes, its own background threads)
    // is long in wall time only (tools/main-thread.cjs).
    const traced = result.artifacts?.Trace?.traceEvents;
    const cpu = traced
      ? readTasks(traced, { origin: new URL(url).origin, slowdown: PHONE_CPU_SLOWDOWN })
      : null;
    const items = lhr.audits['long-tasks']?.details?.items ?? [];
    return {
      longestMs: items.reduce((m, t) => Math.max(m, t.duration), 0),
      cpuLongestMs: cpu ? longestMs(cpu) : NaN,
      // A trace in which the page's own scripts never ran measured nothing: said, not "none".
      cpuLongest: !cpu
        ? 'no trace'
        : scriptMs(cpu) > 0
          ? (describe(cpu, 1)[0] ?? 'none over 50 ms')
          : "the page's scripts not seen in the trace",
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      longTasks: items.map((t) => ({
        ms: t.duration,
        script: shortScript(t.url),
      })),
    };
  } finally {
    await chrome.kill();
  }
}

/** A script's path without its origin (Lighthouse names a task by the script that ran it). */
function shortScript(url) {
  try {
    const u = new URL(url);
    return `${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return url || 'unattributable';
  }
}

/** Writes the viewer's storage on `origin` in the Chrome Lighthouse is about to drive. */
async function seedStorage(port, origin, state) {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await cdp.contexts()[0].newPage();
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('refreshToken', s.refresh);
    localStorage.setItem('user', s.user);
    localStorage.setItem('analyticsConsent', 'denied');
  }, state);
  await page.close();
  await cdp.close();
}

/** A signed-in viewer's browser state, made through the API (set-up, not what is measured). */
async function viewerState() {
  return newViewerStorage(process.env.BENCH_API_URL ?? base.replace(/:\d+$/, ':4600'));
}

/**
 * A header link to a screen of a remote not loaded yet: time from the click (or tap) until its h1 is in
 * the DOM, median of 5. `hover`: the pointer rests on the link 150 ms first (a mouse). `click`: no dwell,
 * 2 s after the page settled (a viewer reading, then clicking at once). `tap`: the same at 390 px with
 * touch (a tap has no hover; the touchstart comes with it).
 */
async function routeChange(from, linkName, heading, mode, signedIn) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: FLAGS });
  const times = [];
  const state = signedIn ? await viewerState() : null;
  try {
    for (let i = 0; i < 5; i += 1) {
      const touch = mode === 'tap';
      const context = await browser.newContext({
        viewport: touch ? { width: 390, height: 844 } : { width: 1280, height: 800 },
        hasTouch: touch,
        isMobile: touch,
      });
      if (state)
        await context.addInitScript((s) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('refreshToken', s.refresh);
          localStorage.setItem('user', s.user);
          // One profile: no "Who's watching?" on the way.
          localStorage.setItem('analyticsConsent', 'denied');
        }, state);
      const page = await context.newPage();
      await page.goto(`${base}${from}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(mode === 'hover' ? 0 : 2000);
      const link = page.getByRole('banner').getByRole('link', { name: linkName, exact: true });
      await page.evaluate((name) => {
        window.__routeDone = new Promise((resolve) => {
          const check = () => {
            const h1 = [...document.querySelectorAll('#main-content h1')].find(
              (h) => h.textContent.trim() === name,
            );
            if (h1) resolve(performance.now());
          };
          new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
        });
        const at = () => (window.__clickAt ??= performance.now());
        document.addEventListener('click', at, { capture: true, once: true });
        document.addEventListener('touchstart', at, { capture: true, once: true });
      }, heading);
      if (mode === 'hover') {
        await link.hover();
        await page.waitForTimeout(150);
        await link.click();
      } else if (mode === 'tap') await link.tap();
      else await link.click();
      times.push(await page.evaluate(async () => (await window.__routeDone) - window.__clickAt));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return median(times);
}

const floor = await startFloor();
const viewer = await viewerState();
const pages = [
  ['Minimal React page (floor)', floor.url],
  ['/', `${base}/`],
  [`/movie/movie/${TITLE}`, `${base}/movie/movie/${TITLE}`],
  ['/skip-explore', `${base}/skip-explore`],
  ['/ (signed in)', `${base}/`, viewer],
  ['/my-list (signed in)', `${base}/my-list`, viewer],
  [`/watch/${TITLE} (signed in)`, `${base}/watch/${TITLE}/${TITLE}/0/0`, viewer],
].filter(
  ([label], i) =>
    i === 0 || !PAGES || PAGES.some((p) => (p === '/' ? label === '/' : label.includes(p))),
);
const rows = [];
for (const [label, url, state] of pages) {
  const row = { label };
  for (const formFactor of ['mobile', 'desktop']) {
    if (!FORMS.includes(formFactor)) {
      row[formFactor] = { score: NaN, lcp: NaN, tbt: NaN };
      continue;
    }
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(url, formFactor, state));
    // The long tasks are the median run's (by total blocking time).
    const byTbt = [...runs].sort((a, b) => a.tbt - b.tbt);
    row[formFactor] = {
      score: median(runs.map((r) => r.score)),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      longTasks: byTbt[Math.floor((byTbt.length - 1) / 2)].longTasks,
      // Over every run, not only the median one: how often a task passed 100 ms, and the longest
      // task in Lighthouse's wall time and in CPU time.
      over100: runs.filter((r) => r.longestMs > 100).length,
      longestMs: Math.max(...runs.map((r) => r.longestMs)),
      cpu: [...runs].sort((a, b) => (b.cpuLongestMs || 0) - (a.cpuLongestMs || 0))[0],
    };
    console.error(`${label} ${formFactor}: ${runs.map((r) => r.score).join(', ')}`);
  }
  rows.push(row);
}
floor.close();

const routeChanges = [
  ['/ → /login (account remote), pointer rests 150 ms', '/', 'Log in', 'Log in', 'hover'],
  ['/ → /login (account remote), click, no dwell', '/', 'Log in', 'Log in', 'click'],
  ['/ → /login (account remote), tap at 390 px', '/', 'Log in', 'Log in', 'tap'],
  [
    '/ → /skip-explore (catalogue screen not loaded), click, no dwell',
    '/',
    'Explore',
    'Explore',
    'click',
  ],
  ['/ → /skip-explore, tap at 390 px', '/', 'Explore', 'Explore', 'tap'],
  ['signed-in home → /my-list, click, no dwell', '/', 'My List', 'My List', 'click', true],
  ['signed-in home → /my-list, tap at 390 px', '/', 'My List', 'My List', 'tap', true],
];
const routeRows = [];
for (const [label, from, link, heading, mode, signedIn] of process.env.ROUTES === '0'
  ? []
  : routeChanges) {
  try {
    routeRows.push([label, await routeChange(from, link, heading, mode, signedIn)]);
  } catch (e) {
    routeRows.push([label, NaN, e.message]);
  }
}

/** A form factor left out (FORMS) shows as a dash, not as NaN. */
const fmt = (v) => (Number.isNaN(v) ? '—' : `${Math.round(v)}`);
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(', ');
// A shared or busy machine inflates blocking time and LCP: the load says how far to trust a run.
console.log(
  `\nLighthouse performance, median of ${RUNS}${THROTTLING === 'devtools' ? ', throttling applied (devtools)' : ''} (Chromium ${CHROME_PATH}; ${os.cpus().length} CPUs, load average at the end ${load})\n`,
);
console.log('| Page | Mobile | LCP ms | TBT ms | Desktop | LCP ms | TBT ms |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.label} | ${fmt(r.mobile.score)} | ${fmt(r.mobile.lcp)} | ${fmt(r.mobile.tbt)} | ${fmt(r.desktop.score)} | ${fmt(r.desktop.lcp)} | ${fmt(r.desktop.tbt)} |`,
  );
console.log(
  '\nThe longest tasks of each page (mobile, the median run; ms as Lighthouse simulates a phone)\n',
);
for (const r of rows) {
  const tasks = [...(r.mobile.longTasks ?? [])].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `- ${r.label}: ${tasks.map((t) => `${Math.round(t.ms)} ms ${t.script}`).join(', ') || 'none'}`,
  );
}
console.log(
  `\nLong tasks over all ${RUNS} runs (mobile): Lighthouse's (wall time ×4) and the same traces' main thread in CPU time ×4\n`,
);
console.log('| Page | Runs with a task > 100 ms | Longest (Lighthouse) | Longest in CPU time ×4 |');
console.log('| --- | --- | --- | --- |');
for (const r of rows)
  if (r.mobile.cpu)
    console.log(
      `| ${r.label} | ${r.mobile.over100} of ${RUNS} | ${fmt(r.mobile.longestMs)} | ${r.mobile.cpu.cpuLongest} |`,
    );
console.log('\nRoute change to a screen not loaded yet (click or tap → heading, median of 5)\n');
console.log('| Route change | ms | Target |');
console.log('| --- | --- | --- |');
for (const [label, ms, err] of routeRows)
  console.log(`| ${label} | ${Number.isNaN(ms) ? `failed: ${err}` : fmt(ms)} | < 300 |`);
process.exit(0);
