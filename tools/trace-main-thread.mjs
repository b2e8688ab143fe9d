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

const { traceLoad, describe, blockingMs, longestMs } = mainThread;
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

async function viewerState(api) {
  const email = `trace-${Date.now()}@example.com`;
  const password = 'Correct-horse-9';
  const post = (url, body) =>
    fetch(`${api}/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const started = await post('/auth/register', { name: 'Trace', email, password, country: 'US' });
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await fetch(`${api}/v1/dev/outbox?email=${encodeURIComponent(email)}`).then(
      (r) => r.json(),
    );
    code = outbox.data?.messages?.find((m) => m.kind === 'sign-up-code')?.code;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code)
    throw new Error(`no sign-up code for ${email}: SIGNED_IN needs an API with DEV_ROUTES=1`);
  const done = await post('/auth/register/verify', { signUpId: started.data.signUpId, code });
  return {
    token: JSON.stringify({ token: done.data.tokens.access }),
    refresh: done.data.tokens.refresh,
    user: JSON.stringify(done.data.user),
  };
}

const browser = await chromium.launch(chromiumLaunchOptions());
const state = process.env.SIGNED_IN ? await viewerState(process.env.SIGNED_IN) : null;
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
      `\n${url}${RUNS > 1 ? ` (run ${run})` : ''}: longest ${Math.round(longestMs(tasks))} ms, blocking ${Math.round(blockingMs(tasks))} ms, ${tasks.length} long tasks`,
    );
    for (const line of describe(tasks, 8)) console.log(`  ${line}`);
    await context.close();
  }
}
await browser.close();
floor.close();
