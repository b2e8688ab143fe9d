import { expect, type Page } from '@playwright/test';

/** Holds the requests `url` matches until the returned function is called. Call before `page.goto`. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds the shell's entry script (`main.<hash>.js`) until the returned function is called: nothing
 * of the app can render before, so what the page shows is the HTML's own. Call before `page.goto`.
 * A service worker's cache would serve the entry past the hold: block it where one may be installed.
 */
export const holdShellEntry = (page: Page) => holdRequests(page, /\/main\.[0-9a-f]+\.js$/);

/**
 * A typed watch link's loading screen from the HTML (shell watch-hints.cjs): its artwork, once the
 * image has loaded (a held shell entry leaves it on view).
 */
export async function loadedWatchArtwork(page: Page) {
  const artwork = page.locator('#root .sfw img');
  await expect
    .poll(() => artwork.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return artwork;
}
