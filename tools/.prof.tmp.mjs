import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.cjs';
const url = process.argv[2];
const browser = await chromium.launch(chromiumLaunchOptions());
const agg = new Map();
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForTimeout(6000);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas; const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  for (const [id, us] of self) {
    const n = byId.get(id); const f = n.callFrame;
    const file = f.url.split('/').pop() || '(' + f.functionName + ')';
    const key = `${file} ${f.functionName || '(anon)'}:${f.lineNumber}:${f.columnNumber}`;
    agg.set(key, (agg.get(key) ?? 0) + us / 3000);
  }
  await context.close();
}
const byFile = new Map();
for (const [k, ms] of agg) { const f = k.split(' ')[0]; byFile.set(f, (byFile.get(f) ?? 0) + ms); }
console.log([...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([f, ms]) => `${f} ${ms.toFixed(0)}`).join('\n'));
console.log('---');
const only = process.env.FILE;
console.log([...agg].filter(([k]) => !only || k.startsWith(only)).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, ms]) => `${ms.toFixed(1)} ${k}`).join('\n'));
await browser.close();
