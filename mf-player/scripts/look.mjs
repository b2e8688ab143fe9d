#!/usr/bin/env node
/**
 * Screenshots of the player's states for a human to look at (controls, menus, overlays).
 *   node mf-player/scripts/look.mjs <shellUrl> <outDir> [width] [height]
 * Env: TOKEN_JSON/USER_JSON/REFRESH to be logged in (as e2e/scripts/screenshot.mjs), MOVIE, SERIES (watch paths).
 */
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '@streamflix/tools/chromium';
import { mkdirSync } from 'node:fs';

const [base = 'http://localhost:3300', out = '/tmp/look', w = '1280', h = '720'] =
  process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(
  chromiumLaunchOptions(['--autoplay-policy=no-user-gesture-required']),
);
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
page.on('pageerror', (e) => console.log('pageerror', e.message));
if (process.env.TOKEN_JSON) {
  await page.addInitScript(
    ([t, u, r]) => {
      localStorage.setItem('token', t);
      if (u) localStorage.setItem('user', u);
      if (r) localStorage.setItem('refreshToken', r);
    },
    [process.env.TOKEN_JSON, process.env.USER_JSON ?? '', process.env.REFRESH ?? ''],
  );
}
const shot = async (name) => {
  await page.screenshot({ path: `${out}/${name}-${w}.png` });
  console.log(`${out}/${name}-${w}.png`);
};
const movie = process.env.MOVIE ?? '/watch/t-0001/t-0001/0/0';
await page.goto(base + movie);
await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 1, null, {
  timeout: 30000,
});
await page.mouse.move(400, 400);
await shot('playing-controls');
await page.getByRole('button', { name: /^Quality/ }).click();
await shot('quality-menu');
await page.keyboard.press('Escape');
await page.getByRole('button', { name: /^Subtitles/ }).click();
await page.getByRole('menuitemradio', { name: 'English' }).click();
await page.getByRole('button', { name: /^Speed/ }).click();
await shot('speed-menu-subtitles');
await page.keyboard.press('Escape');
await page.getByTestId('video-player').focus();
await page.keyboard.press('?');
await shot('shortcuts-help');
await page.keyboard.press('Escape');
await page.getByRole('button', { name: 'Report a problem' }).click();
await shot('report-problem');
await page.getByRole('button', { name: 'Send report' }).click();
await page.getByText('your report was sent').waitFor();
await shot('report-sent');
await page.keyboard.press('Escape');
await page.waitForTimeout(3800);
await shot('controls-hidden');
if (process.env.SERIES) {
  await page.goto(base + process.env.SERIES);
  await page.waitForFunction(
    () => (document.querySelector('video')?.currentTime ?? 0) > 0.5,
    null,
    { timeout: 30000 },
  );
  await page.evaluate(() => {
    const v = document.querySelector('video');
    v.currentTime = 6;
  });
  await page.getByRole('button', { name: 'Skip intro' }).waitFor();
  await page.mouse.move(300, 300);
  await shot('skip-intro');
  await page.getByRole('button', { name: 'Episodes' }).click();
  await shot('episode-picker');
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    const v = document.querySelector('video');
    v.currentTime = v.duration - 12;
  });
  await page.getByRole('region', { name: 'Next episode' }).waitFor();
  await page.waitForTimeout(1200);
  await shot('next-episode-overlay');
}
if (process.env.PREMIUM) {
  await page.goto(base + process.env.PREMIUM);
  await page.getByRole('alert').waitFor();
  await shot('premium-message');
}
await browser.close();
