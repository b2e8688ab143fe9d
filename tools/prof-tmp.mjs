import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { chromiumLaunchOptions } from './chromium.cjs';
import { newViewerStorage } from './bench-product.mjs';
import sm from 'source-map-js';
const browser = await chromium.launch(chromiumLaunchOptions());
const s = await newViewerStorage('http://localhost:4000', 'Prof');
const agg = new Map();
for (let i = 0; i < 4; i++) {
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
await context.addInitScript((s) => { localStorage.setItem('analyticsConsent', 'denied'); localStorage.setItem('token', s.token); localStorage.setItem('refreshToken', s.refresh); localStorage.setItem('user', s.user); }, s);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(process.env.URL ?? 'http://localhost:3000/');
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; 
profile.samples.forEach((id, k) => {
  const n = byId.get(id); const f = n.callFrame;
  if (!/main\.[0-9a-f]+\.js/.test(f.url)) return;
  const key = `${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}:${f.functionName}`;
  agg.set(key, (agg.get(key) ?? 0) + (dt[k] ?? 0) / 1000);
});
await context.close();
}
const maps = {};
const top = [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [key, ms] of top) {
  const [file, line, col, fn] = key.split(':');
  maps[file] ??= new sm.SourceMapConsumer(JSON.parse(readFileSync(`shell/dist/${file}.map`, 'utf8')));
  const o = maps[file].originalPositionFor({ line: Number(line) + 1, column: Number(col) });
  console.log((ms / 4).toFixed(1), 'ms/load', fn || '(anon)', (o.source ?? '').replace(/.*node_modules\//, '').slice(-70), o.line, o.name ?? '');
}
await browser.close();
