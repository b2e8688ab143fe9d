import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.cjs';
import { newViewerStorage } from './bench-product.mjs';
const browser = await chromium.launch(chromiumLaunchOptions());
const s = await newViewerStorage('http://localhost:4000', 'Cls');
for (const path of process.argv.slice(2)) {
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
await context.addInitScript((s) => {
  localStorage.setItem('analyticsConsent', 'denied');
  localStorage.setItem('token', s.token); localStorage.setItem('refreshToken', s.refresh); localStorage.setItem('user', s.user);
  window.__shifts = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), src: e.sources.map(x => `${x.node?.nodeName}.${x.node?.className} ${JSON.stringify(x.previousRect)} -> ${JSON.stringify(x.currentRect)}`) }); }).observe({ type: 'layout-shift', buffered: true });
}, s);
const page = await context.newPage();
await page.goto('http://localhost:3000' + path);
await page.waitForTimeout(4000);
console.log(path, JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
await page.screenshot({ path: `/tmp/cls${path.replace(/\W/g, '_')}.png` });
await context.close();
}
await browser.close();
