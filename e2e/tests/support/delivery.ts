import type { Page } from '@playwright/test';
import { E2E } from './env';

/** A remote's row on the shell's /versions page. */
export const versionsRow = (page: Page, remote: string) =>
  page.locator(`tr[data-remote="${remote}"]`);

/** The player's video's time (a typed link's early picture plays before the player has it). */
export const videoTime = (page: Page) =>
  page
    .locator('[data-testid="video-player"] video')
    .evaluate((v: HTMLVideoElement) => v.currentTime);

/**
 * In a fresh checkout the API generates the media during the run: wait until `titleId` can be
 * played. A failed fetch is retried: builds before this blocked the process, so a kept-alive
 * socket may be stale.
 */
export async function waitForPlayableMedia(titleId: string) {
  for (;;) {
    const status = await fetch(`${E2E.apiUrl}/v1/playback/${titleId}`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 503 && status !== 0) return;
    await new Promise((r) => setTimeout(r, 3000));
  }
}
