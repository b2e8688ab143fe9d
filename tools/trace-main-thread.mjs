#!/usr/bin/env node
/**
 * `npm run trace:main-thread -- <url> [<url> ...]`: the long tasks of each page's load with the
 * CPU time counted 4× (a mid-range phone, the model of Lighthouse's mobile simulation), each with what ran in it
 * (script by file, style and layout, HTML, GC). How to find what blocks a page (issue 36).
 *
 *   SIGNED_IN=<api origin>   load the pages as a new signed-in viewer of that API (one profile)
 *   RUNS=3                   loads per page (the figures are per run)
 *   WIDTH=390                viewport width (390: a phone, the default; 1280: a desktop)
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.cjs';
import mainThread from './main-thread.cjs';
import floorPage from './floor-page.cjs';
import { newViewerStorage } from './bench-product.mjs';

const { traceLoad, describe, blockingMs, longestMs, scriptMs } = mainThread;
const floor = await floorPage.startFloor();
// The floor page first, as the control of the same run.
const urls = [floor.url, ...process.argv.slice(2)];
if (urls.length < 2) {
  console.error('usage: npm run trace:main-thread -- <url> [<url> ...]');
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 1);
const width = Number(process.env.WIDTH ?? 390);
const slowdown = Number(process.env.SLOWDOWN ?? mainThread.PHONE_CPU_SLOWDOWN);

const browser = await chromium.launch(chromiumLaunchOptions());
const state = process.env.SIGNED_IN ? await newViewerStorage(process.env.SIGNED_IN, 'Trace') : null;
for (const url of urls) {
  for (let run = 1; run <= RUNS; run += 1) {
    const context = await browser.newContext({
      viewport: { width, height: 844 },
      isMobile: width < 600,
      hasTouch: width < 600,
    });
    await context.addInitScript((s) => {
      localStorage.setItem('analyticsConsent', 'denied');
      if (s) {
        localStorage.setItem('token', s.token);
        localStorage.setItem('refreshToken', s.refresh);
        localStorage.setItem('user', s.user);
      }
    }, state);
    const page = await context.newPage();
    const tasks = await traceLoad(browser, page, url, {
      slowdown,
      ready: (p) =>
        p.locator('#main-content h1, #main-content h2').first().waitFor({ timeout: 60_000 }),
    });
    console.log(
      `\n${url}${RUNS > 1 ? ` (run ${run})` : ''}: longest ${Math.round(longestMs(tasks))} ms, blocking ${Math.round(blockingMs(tasks))} ms, ${tasks.length} long tasks, scripts ${Math.round(scriptMs(tasks))} ms`,
    );
    for (const line of describe(tasks, 8)) console.log(`  ${line}`);
    await context.close();
  }
}
await browser.close();
floor.close();
