import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.cjs';
import { newViewerStorage } from './bench-product.mjs';
const browser = await chromium.launch(chromiumLaunchOptions());
const s = await newViewerStorage('http://localhost:4000', 'Cls');
for (const width of [320, 360, 390, 412, 600, 719, 800, 1280]) {
const context = await browser.newContext({ viewport: { width, height: 823 } });
await context.addInitScript((s) => {
  localStorage.setItem('analyticsConsent', 'denied');
  localStorage.setItem('token', s.token); localStorage.setItem('refreshToken', s.refresh); localStorage.setItem('user', s.user);
}, s);
const page = await context.newPage();
await page.route('**/v1/users/dashboard**', async (r) => { await new Promise((res) => setTimeout(res, 1500)); await r.continue(); });
await page.goto('http://localhost:3000/');
await page.getByRole('status', { name: 'Loading the featured title' }).waitFor();
const sk = await page.getByRole('status', { name: 'Loading the featured title' }).boundingBox();
await page.locator('#hero-title').waitFor();
const h = await page.locator('section[aria-labelledby=hero-title]').boundingBox();
const b = await page.locator('section[aria-labelledby=hero-title] > div:last-child').boundingBox();
console.log(width, 'skeleton', sk.y, sk.height, 'hero', h.y, h.height, 'body', b.height);
await context.close();
}
await browser.close();
