import { expect, test, type Page } from '@playwright/test';
import { registerViewer, signIn } from './support/api';
import { holdRequests, holdShellEntry } from './support/shell-entry';

/**
 * A page's HTML shows spec §2's loading screen, the logo with four spinners, until the app's first
 * render (issue 36, shell/scripts/loading-markup.cjs): on a phone's slow link the page was blank for
 * seconds before. The shell's own route fallback then draws the same screen in the same place, so
 * the hand-over does not move, and the screen replaces both.
 */

test.use({ viewport: { width: 412, height: 823 } });

/** Holds every remote's entry, so the shell's route fallback stays on view until released. */
const holdRemoteEntries = (page: Page) => holdRequests(page, /\/remoteEntry\.js(\?.*)?$/);

const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).boundingBox();
  expect(b).not.toBeNull();
  return b!;
};

for (const [name, path, signedIn, ready] of [
  ['a guest’s start page', '/', false, /Welcome to Streamflix/],
  ['a member’s My List', '/my-list', true, /^My List$/],
] as const) {
  test(`${name}: the HTML's loading screen, then the shell's in the same place, then the screen`, async ({
    page,
  }) => {
    if (signedIn) await signIn(page, await registerViewer('boot-screen'));
    const releaseShell = await holdShellEntry(page);
    const releaseRemotes = await holdRemoteEntries(page);
    await page.goto(path, { waitUntil: 'commit' });

    // Nothing of the app has run: what shows is the HTML's own.
    const html = page.locator('#root > .sfl');
    await expect(html).toBeVisible();
    await expect(html).toHaveAttribute('aria-busy', 'true');
    await expect(html).toContainText('STREAMFLIX');
    await expect(html.locator('.sfw-spin i')).toHaveCount(4);
    const logo = await box(page, '#root > .sfl .sfw-logo');
    const spinners = await box(page, '#root > .sfl .sfw-spin');

    // The shell renders its header and its route fallback while the screen's remote is held.
    releaseShell();
    const fallback = page.getByTestId('loading-fallback');
    await expect(fallback).toBeVisible({ timeout: 30_000 });
    await expect(html).toHaveCount(0);
    await expect(fallback).toHaveAttribute('role', 'status');
    const shellLogo = await fallback.getByText('STREAMFLIX').boundingBox();
    const shellSpinners = await fallback.locator(':scope > div').nth(1).boundingBox();
    const pairs: [html: typeof logo, shell: typeof logo][] = [
      [logo, shellLogo!],
      [spinners, shellSpinners!],
    ];
    for (const [a, b] of pairs) {
      for (const k of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(a[k] - b[k]), `${k} of ${JSON.stringify(b)}`).toBeLessThanOrEqual(2);
    }

    releaseRemotes();
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('[data-screen-loading]')).toHaveCount(0);
  });
}

/**
 * A shell that cannot start says so instead of its loading screen spinning on (shell
 * boot-failure.cjs): its entry, or its bootstrap's chunks, not downloaded. Retry starts it once
 * the network is back. The service worker is blocked: its cache would serve the files.
 */
test.describe('a shell that cannot start', () => {
  test.use({ serviceWorkers: 'block' });
  for (const [part, file] of [
    ['its entry', /\/main\.[0-9a-f]+\.js$/],
    ['its bootstrap', /\/bootstrap\.[0-9a-f]+\.js$/],
  ] as const) {
    test(`${part} not downloaded: the page says so, and Retry starts it`, async ({ page }) => {
      await page.route(file, (route) => route.abort('internetdisconnected'));
      await page.goto('/');
      const alert = page.getByRole('alert');
      await expect(
        alert.getByRole('heading', { name: 'Streamflix could not start' }),
      ).toBeVisible();
      await expect(alert).toContainText('Check your connection');
      await expect(page.locator('[data-screen-loading]')).toHaveCount(0);
      const retry = alert.getByRole('button', { name: 'Retry' });
      await expect(retry).toBeFocused();

      await page.unroute(file);
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('heading', { level: 1, name: /Welcome to Streamflix/ }),
      ).toBeVisible({ timeout: 30_000 });
    });
  }

  test("in the viewer's language: a device set to Arabic reads it in Arabic, right to left", async ({
    page,
  }) => {
    // Set-up: the language this device's viewer chose earlier (the header's language menu keeps it).
    await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('ar')));
    const entry = /\/main\.[0-9a-f]+\.js$/;
    await page.route(entry, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'تعذّر تشغيل Streamflix' })).toBeVisible();
    await expect(alert).toHaveAttribute('lang', 'ar');
    await expect(alert).toHaveAttribute('dir', 'rtl');
    const retry = alert.getByRole('button', { name: 'إعادة المحاولة' });
    await expect(retry).toBeFocused();

    await page.unroute(entry);
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar', { timeout: 30_000 });
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-screen-loading]')).toHaveCount(0);
  });
});
