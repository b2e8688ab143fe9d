import { expect, test } from '@playwright/test';
import { E2E } from './support/env';

/**
 * What operators see of a viewer's playback: pressing Play on a title page and watching makes
 * the player report its start-up time, which the API aggregates into GET /metrics for that title
 * (read here from this machine, which /metrics allows without a token).
 */

const FREE_MOVIE = 't-0007'; // Saltwater Kings (feature-01)
const api = (p: string) => `${E2E.apiUrl}${p}`;

async function startupSamples(titleId: string): Promise<number> {
  const text = await (await fetch(api('/metrics'))).text();
  const counts = text
    .split('\n')
    .filter((l) => l.startsWith(`streamflix_player_startup_seconds_count{title="${titleId}",`))
    .map((l) => Number(l.split(' ').at(-1)));
  return counts.reduce((sum, n) => sum + n, 0);
}

test.beforeAll(async () => {
  // In a fresh checkout the API generates the media during the run: wait for this clip.
  test.setTimeout(8 * 60_000);
  while ((await fetch(api(`/v1/playback/${FREE_MOVIE}`))).status === 503)
    await new Promise((r) => setTimeout(r, 3000));
});

test("a guest's Play → first frame shows in the operators' metrics for that title", async ({
  page,
}) => {
  const before = await startupSamples(FREE_MOVIE);
  await page.goto(`/movie/movie/${FREE_MOVIE}`);
  const report = page.waitForRequest(
    (r) => r.url().endsWith('/v1/playback/reports') && r.method() === 'POST',
  );
  await page.getByRole('link', { name: /^Play: / }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${FREE_MOVIE}/`));

  const sent = (await report).postDataJSON() as {
    titleId: string;
    startup?: { seconds: number; height: number };
  };
  expect(sent.titleId).toBe(FREE_MOVIE);
  expect(sent.startup!.seconds).toBeGreaterThan(0);
  expect(sent.startup!.height).toBeGreaterThan(0);
  // No viewer is named in a report.
  expect((await report).headers().authorization).toBeUndefined();

  await expect.poll(() => startupSamples(FREE_MOVIE)).toBe(before + 1);
});
