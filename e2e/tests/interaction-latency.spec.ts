import { expect, test, type Browser, type Page } from '@playwright/test';
import { describe as describeTasks, traceInteraction } from '@streamflix/tools/main-thread';
import { E2E } from './support/env';
import { registerViewer, signIn, type Viewer } from './support/api';
import { waitForPlayableMedia } from './support/delivery';

/**
 * Phones' interactions (issue 36): the five interactions the issue names stay under 200 ms to the
 * next paint (INP) on a phone. Each one is traced in Chromium, and its cost is the CPU time of the
 * tasks from its first input event to the frame painted after it, times 4 (the model of the
 * first-screen guard, tools/main-thread.cjs: CPU time holds on a busy machine where wall time and
 * the protocol's CPU throttling do not). An interaction over 200 ms is measured again on a fresh
 * page, up to three times: one that is over every time is slow, not unlucky. The message names
 * the tasks and what ran in them.
 */
const MAX_INP_MS = 200;
const ATTEMPTS = 3;
const PHONE = { width: 390, height: 844 };
const TITLE = 't-0001';
const api = (p: string) => `${E2E.apiUrl}/v1${p}`;

type Setup = (page: Page) => Promise<void>;
interface Interaction {
  name: string;
  viewer: () => Promise<Viewer | null>;
  /** Opens the screen and waits until it has settled. */
  open: Setup;
  act: Setup;
  /** Waits for what the interaction shows. */
  done: Setup;
}

async function measure(browser: Browser, interaction: Interaction) {
  const viewer = await interaction.viewer();
  const runs: string[] = [];
  let best = Infinity;
  for (let attempt = 1; attempt <= ATTEMPTS && best > MAX_INP_MS; attempt += 1) {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addInitScript(() => localStorage.setItem('analyticsConsent', 'denied'));
    const page = await context.newPage();
    try {
      if (viewer) await signIn(page, viewer);
      await interaction.open(page);
      // What the screen starts after its first paint (deferred chunks, platform services).
      await page.waitForTimeout(1500);
      const result = await traceInteraction(browser, page, interaction.act, {
        done: interaction.done,
      });
      expect(result.inputs, `${interaction.name}: the trace saw the input`).toContain('click');
      expect(result.painted, `${interaction.name}: a frame followed the input`).toBe(true);
      best = Math.min(best, result.costMs);
      runs.push(
        `${Math.round(result.costMs)} ms (${result.tasks.length} tasks)\n${describeTasks(
          result.tasks,
          3,
        )
          .map((t) => `      ${t}`)
          .join('\n')}`,
      );
    } finally {
      await context.close();
    }
  }
  return { best, runs };
}

const heading = (page: Page) =>
  page.locator('#main-content h1').first().waitFor({ timeout: 30_000 });

async function titleName(): Promise<string> {
  const res = await fetch(api(`/titles/${TITLE}`));
  return ((await res.json()) as { data: { name: string } }).data.name;
}

const interactions: Interaction[] = [
  {
    name: 'open the filters (Explore)',
    viewer: async () => null,
    open: async (page) => {
      await page.goto('/skip-explore');
      await page.getByRole('list', { name: 'Search results' }).waitFor({ timeout: 30_000 });
    },
    act: (page) => page.getByRole('button', { name: /^Filters/ }).click(),
    done: (page) => page.locator('#explore-filters').waitFor(),
  },
  {
    name: 'toggle My List (a title page)',
    viewer: () => registerViewer('inp-list'),
    open: async (page) => {
      await page.goto(`/movie/movie/${TITLE}`);
      await heading(page);
      await page.getByRole('button', { name: /to My List$/ }).waitFor();
    },
    act: (page) => page.getByRole('button', { name: /to My List$/ }).click(),
    done: (page) =>
      expect(page.getByRole('button', { name: /from My List$/ }).first()).toBeVisible(),
  },
  {
    name: 'rate a title (a title page)',
    viewer: () => registerViewer('inp-rate'),
    open: async (page) => {
      await page.goto(`/movie/movie/${TITLE}`);
      await heading(page);
      await page.getByRole('group', { name: `Rate ${await titleName()}` }).waitFor();
    },
    act: async (page) =>
      page
        .getByRole('group', { name: `Rate ${await titleName()}` })
        .getByRole('button', { name: 'I love this' })
        .click(),
    done: async (page) =>
      expect(
        page
          .getByRole('group', { name: `Rate ${await titleName()}` })
          .getByRole('button', { name: 'I love this' }),
      ).toHaveAttribute('aria-pressed', 'true'),
  },
  {
    name: "open the player's settings menu",
    viewer: () => registerViewer('inp-player'),
    open: async (page) => {
      await page.goto(`/watch/${TITLE}/${TITLE}/0/0`);
      await page.locator('video').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /^Settings/ }).waitFor({ state: 'attached' });
      // The controls show while the viewer is active on the player.
      await page.getByTestId('video-player').hover();
      await page.getByRole('button', { name: /^Settings/ }).waitFor();
    },
    act: (page) => page.getByRole('button', { name: /^Settings/ }).click(),
    done: (page) =>
      page.getByRole('menuitem', { name: 'Subtitle appearance and timing…' }).waitFor(),
  },
  {
    name: 'switch profile (Who is watching)',
    viewer: async () => {
      const viewer = await registerViewer('inp-profile');
      const res = await fetch(api('/profiles'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
        body: JSON.stringify({ name: 'Robin', password: 'Correct-horse-9' }),
      });
      expect(res.status, 'a second profile was added').toBe(201);
      return viewer;
    },
    open: async (page) => {
      await page.goto('/profiles');
      await page.getByRole('button', { name: /^Watch as Robin/ }).waitFor({ timeout: 30_000 });
    },
    act: (page) => page.getByRole('button', { name: /^Watch as Robin/ }).click(),
    done: (page) =>
      expect(page.getByRole('link', { name: /^Watching as Robin/ })).toBeVisible({
        timeout: 30_000,
      }),
  },
];

test.describe('interactions on a phone', () => {
  test.beforeAll(async () => {
    test.setTimeout(8 * 60_000);
    await waitForPlayableMedia(TITLE);
  });

  for (const interaction of interactions) {
    test(`${interaction.name}: the next frame within 200 ms at 4x CPU`, async ({ browser }) => {
      // Up to three measured attempts, each on a fresh page of a busy machine.
      test.setTimeout(180_000);
      const { best, runs } = await measure(browser, interaction);
      const line = `${interaction.name}: ${Math.round(best)} ms\n    ${runs.join('\n    ')}`;
      console.log(line);
      expect(
        best,
        `over ${MAX_INP_MS} ms to the next paint on a phone:\n${line}`,
      ).toBeLessThanOrEqual(MAX_INP_MS);
    });
  }
});
