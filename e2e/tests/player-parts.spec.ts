import { expect, test, type Page } from '@playwright/test';
import { catalogs, localesDir, readPo } from '../../tools/i18n/catalogs';
import { E2E } from './support/env';
import { pickLanguage } from './support/text-layout';

/**
 * Issue 37's catalog budget (docs/i18n.md, "Parts"): mf-player's lazily loaded panels have catalogs
 * of their own, loaded with their chunks. Opened in Arabic they read Arabic from their first frame.
 */

const FREE_MOVIE = 't-0001'; // The Glass Orchard (feature-01, 96 s)
const WATCH = `/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`;

const currentTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function expectPlaying(page: Page, after = 1) {
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(after);
}

test.beforeAll(async () => {
  test.setTimeout(8 * 60_000);
  for (;;) {
    const res = await fetch(`${E2E.apiUrl}/v1/playback/${FREE_MOVIE}`);
    if (res.status !== 503) break;
    await new Promise((r) => setTimeout(r, 3000));
  }
});

/** mf-player's messages in `lang`, its parts' included (docs/i18n.md, "Parts"). */
function playerMessages(lang: string, part?: string): Map<string, string> {
  const chosen = catalogs().filter((c) =>
    part ? c.name === `mf-player:${part}` : c.workspace === 'mf-player',
  );
  return new Map(
    chosen.flatMap((c) => readPo(`${localesDir(c)}/${lang}.po`).map((m) => [m.id, m.message])),
  );
}

test("a part's catalog loads with its panel: in Arabic, the stats overlay, subtitle settings, shortcuts and report dialogs open in Arabic (no English or ids first), and in Spanish after a switch", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const ar = playerMessages('ar');
  const es = playerMessages('es');
  const t = (messages: Map<string, string>, id: string) => messages.get(id)!;
  // The panels' English texts that Arabic translates (with letters enough to tell).
  const english = [
    'features/playback/stats',
    'features/playback/caption-settings',
    'features/playback/shortcuts',
    'features/diagnostics/report',
  ].flatMap((part) =>
    [...playerMessages('en', part)]
      .filter(([id, en]) => !/[{<]/.test(en) && /[a-z]{4}/i.test(en) && ar.get(id) !== en)
      .map(([, en]) => en),
  );
  expect(english.length).toBeGreaterThan(20);
  // Every text the panels ever show, from their first insertion (before any paint).
  await page.addInitScript(() => {
    localStorage.setItem('language', '"ar"');
    const seen = new Set<string>();
    (window as unknown as { __sfPanelTexts: Set<string> }).__sfPanelTexts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="stats-overlay"], dialog'))
        seen.add(`${el.localName}:${el.textContent ?? ''}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(WATCH);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expectPlaying(page);
  // A slow network, so that a panel rendered before its catalog arrived would show (on localhost
  // its catalog lands within React's Suspense throttle, hiding an English first frame).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const latency = (ms: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: ms,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  await latency(600);

  await page.getByTestId('video-player').focus();
  await page.keyboard.press('i');
  const stats = page.getByRole('region', { name: t(ar, 'mf-player.stats.title') });
  await expect(stats).toBeVisible();
  await expect(stats.getByRole('button', { name: t(ar, 'mf-player.stats.readOut') })).toBeVisible();
  await stats.getByRole('button', { name: t(ar, 'mf-player.stats.close') }).click();

  await page.getByTestId('video-player').hover();
  await page
    .getByRole('button', { name: new RegExp(`^${t(ar, 'mf-player.menu.settings')}`) })
    .click();
  await page.getByRole('menuitem', { name: t(ar, 'mf-player.menu.captionSettings') }).click();
  const dialog = page.getByRole('dialog', { name: t(ar, 'mf-player.captions.settings.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(t(ar, 'mf-player.captions.colour.yellow'))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('caption-settings-ar.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('video-player').focus();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: t(ar, 'mf-player.shortcuts.title') });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts).toContainText(t(ar, 'mf-player.shortcuts.togglePlay'));
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  await page.getByTestId('video-player').hover();
  await page.getByRole('button', { name: t(ar, 'mf-player.report.title') }).click();
  const report = page.getByRole('dialog', { name: t(ar, 'mf-player.report.title') });
  await expect(report).toBeVisible();
  await expect(
    report.getByRole('group', { name: t(ar, 'mf-player.report.whatWentWrong') }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('report-ar.png') });
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  const shown = await page.evaluate(() => [
    ...(window as unknown as { __sfPanelTexts: Set<string> }).__sfPanelTexts,
  ]);
  // Every panel was seen (the overlay is a <section>, the others <dialog>s).
  expect(shown.some((text) => text.startsWith('section:'))).toBe(true);
  for (const id of [
    'mf-player.captions.settings.title',
    'mf-player.shortcuts.title',
    'mf-player.report.whatWentWrong',
  ])
    expect(shown.some((text) => text.startsWith('dialog:') && text.includes(t(ar, id)))).toBe(true);
  const leaks = shown.flatMap((text) =>
    [...english.filter((en) => text.includes(en)), ...(text.match(/mf-player\.[\w.]+/g) ?? [])].map(
      (leak) => `${leak} in "${text.slice(0, 80)}"`,
    ),
  );
  expect(leaks).toEqual([]);

  // Switching the language while watching changes the open panel in place: the stream goes on
  // (no new playback session, which would be a new lease and new addresses, and the same video
  // element, still playing from where it was).
  await latency(0);
  const sessions: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/playback\/[^/?]+(\?|$)/.test(r.url())) sessions.push(r.url());
  });
  await page.locator('video').evaluate((v) => ((v as unknown as { __sf: number }).__sf = 1));
  await page.getByTestId('video-player').focus();
  await page.keyboard.press('i');
  const statsAr = page.getByRole('region', { name: t(ar, 'mf-player.stats.title') });
  await expect(statsAr).toBeVisible();
  const before = await currentTime(page);
  await pickLanguage(page, 'es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const statsEs = page.getByRole('region', { name: t(es, 'mf-player.stats.title') });
  await expect(statsEs).toBeVisible();
  await expect(
    statsEs.getByRole('button', { name: t(es, 'mf-player.stats.readOut') }),
  ).toBeVisible();
  await expectPlaying(page, before + 1);
  expect(
    await page.locator('video').evaluate((v) => (v as unknown as { __sf?: number }).__sf),
  ).toBe(1);
  expect(sessions).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('stats-es.png') });
});
