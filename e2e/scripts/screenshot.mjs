#!/usr/bin/env node
/**
 * Look at a page as a viewer would: node e2e/scripts/screenshot.mjs <url> <out.png> [width] [height]
 * Prints console errors, failed requests and the final URL. Env: WAIT=load|networkidle,
 * TOKEN_JSON='{"token":"…"}' plus USER_JSON/REFRESH to open the page logged in.
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@streamflix/tools/chromium';

const [url, out, w = '1280', h = '800'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: screenshot.mjs <url> <out.png> [width] [height]');
  process.exit(2);
}
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
const logs = [];
page.on('console', (m) => m.type() === 'error' && logs.push(`console: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
page.on('response', (r) => r.status() >= 400 && logs.push(`HTTP ${r.status()} ${r.url()}`));
if (process.env.TOKEN_JSON) {
  await page.addInitScript(
    ([token, user, refresh]) => {
      localStorage.setItem('token', token);
      if (user) localStorage.setItem('user', user);
      if (refresh) localStorage.setItem('refreshToken', refresh);
    },
    [process.env.TOKEN_JSON, process.env.USER_JSON ?? '', process.env.REFRESH ?? ''],
  );
}
await page
  .goto(url, { waitUntil: process.env.WAIT ?? 'networkidle' })
  .catch((e) => logs.push(`goto: ${e.message}`));
await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 800));
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
console.log([...logs, `url: ${page.url()}`].join('\n'));
await browser.close();
