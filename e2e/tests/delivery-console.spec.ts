import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parseCompositionDocument, type RemoteName } from '@streamflix/composition';
import { gateCandidate } from '@streamflix/delivery/compose';
import { ControlPlaneClient } from '@streamflix/delivery/control-plane/client';
import { E2E } from './support/env';
import { localVersion, servedEntry } from './support/local-builds';

/**
 * The control plane's console, in Chromium: a control plane of its own on a throwaway SQLite
 * folder, seeded with a staging whose remotes are the ones this run serves; tokens made with the
 * CLI; teams' pipelines moving remotes through the API; an operator signing in, reading staging,
 * asking the audit who moved mf_player, rolling it back by keyboard, and being refused another
 * team's remote.
 */

const ROOT = path.resolve(__dirname, '../..');
const CP = `http://localhost:${E2E.consoleControlPlanePort}`;
const CONSOLE = `${CP}/console`;
const work = path.join(os.tmpdir(), `streamflix-console-e2e-${E2E.consoleControlPlanePort}`);
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const cpEnv = {
  ...process.env,
  CONTROL_PLANE_PORT: String(E2E.consoleControlPlanePort),
  CONTROL_PLANE_DATA_DIR: path.join(work, 'data'),
  CONTROL_PLANE_SEEDS: path.join(work, 'seeds'),
  CONTROL_PLANE_DATABASE_URL: '',
};
let server: ChildProcess | undefined;
const tokens: Record<'player' | 'catalog', string> = { player: '', catalog: '' };

/** The remote as this run serves it (what staging is seeded with). */
const served = servedEntry;
const PLAYER_RELEASE = localVersion('mf-player');

function createToken(team: string): string {
  const res = spawnSync(
    process.execPath,
    [TSX, 'delivery/src/control-plane/cli.ts', 'token', 'create', '--team', team],
    { cwd: ROOT, env: cpEnv, encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`token create failed: ${res.stderr}`);
  return res.stdout.trim();
}

/**
 * A team's pipeline moving its remote in staging through the API: the compose gate on the
 * environment as read, and a compare-and-swap write (what `npm run compose` does with DELIVERY_URL).
 */
async function pipelineSets(team: 'player' | 'catalog', remote: string, release: string) {
  const client = new ControlPlaneClient({ url: CP, token: tokens[team] });
  const entry = { manifest: served(remote, `?release=${release}`).manifest, version: release };
  return client.editRemote('staging', remote, async (view) => {
    const doc = parseCompositionDocument(view.document);
    const ctx = { fetch, now: () => new Date(), log: () => undefined };
    const { report, integrity } = await gateCandidate(ctx, doc, remote as RemoteName, entry);
    if (!report.ok) throw new Error(`the gate refused ${remote}: ${report.problems.join('; ')}`);
    return { entry: { ...entry, ...(integrity ? { integrity } : {}) }, gate: { ...report } };
  });
}

async function signIn(page: Page, token: string) {
  await page.goto(CONSOLE);
  await page.getByLabel('Control-plane token').fill(token);
  await page.getByLabel('Control-plane token').press('Enter');
  await expect(page.getByTestId('identity')).toBeVisible();
}

async function showStaging(page: Page) {
  const picker = page.getByRole('form', { name: 'Environment picker' });
  await picker.getByLabel('Environment').selectOption('staging');
  await picker.getByRole('button', { name: 'Show environment' }).click();
  await expect(page.getByRole('heading', { name: 'Remotes in staging' })).toBeVisible();
}

const remoteRow = (page: Page, remote: string) =>
  page.getByTestId('remotes').locator(`tr[data-remote="${remote}"]`);

async function expectNoViolations(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(report, `axe violations ${where}`).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

let playerMove: { updatedAt: string; revision: number };

test.beforeAll(async () => {
  test.setTimeout(3 * 60_000);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'seeds'), { recursive: true });
  // No "shell": the gate reads this checkout's built shell, which this run serves.
  writeFileSync(
    path.join(work, 'seeds', 'staging.json'),
    JSON.stringify({
      environment: 'staging',
      api: E2E.apiUrl,
      remotes: Object.fromEntries(E2E.remotes.map((r) => [r.name, served(r.name)])),
      services: {},
    }),
  );
  server = spawn(process.execPath, [TSX, 'delivery/src/control-plane/server.ts'], {
    cwd: ROOT,
    env: cpEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 120_000;
  while (!/Control plane console: http/.test(output)) {
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`the control plane did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  tokens.player = createToken('player');
  tokens.catalog = createToken('catalog');
  // The player team's pipeline releases mf_player to staging; the catalogue's moves its own.
  playerMove = await pipelineSets('player', 'mf_player', PLAYER_RELEASE);
  await pipelineSets('catalog', 'mf_catalog', localVersion('mf-catalog'));
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

test('signs in with a token kept in this tab only, says who it speaks for, and signs out', async ({
  page,
}) => {
  await page.goto(CONSOLE);
  const field = page.getByLabel('Control-plane token');
  await expect(field).toHaveAttribute('type', 'password');
  await expect(field).toBeFocused();
  await field.fill('not-a-token');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Not signed in');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(tokens.player);
  await field.press('Enter');
  await expect(page.getByTestId('identity')).toContainText('Signed in as team player');
  const stored = await page.evaluate(() => ({
    session: Object.values(sessionStorage),
    local: Object.values(localStorage),
  }));
  expect(stored.session).toEqual([tokens.player]);
  expect(stored.local).not.toContain(tokens.player);
  // A reload keeps the tab signed in.
  await page.reload();
  await expect(page.getByTestId('identity')).toContainText('Signed in as team player');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toContainText('Signed out');
  await expect(page.getByLabel('Control-plane token')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test("shows each remote of staging: version, manifest, mount, the gate's result and who moved it when", async ({
  page,
}) => {
  await signIn(page, tokens.player);
  await showStaging(page);
  const row = remoteRow(page, 'mf_player');
  await expect(row.getByRole('rowheader')).toContainText('mf_player');
  await expect(row.getByRole('rowheader')).toContainText('team player');
  await expect(row).toContainText(PLAYER_RELEASE);
  await expect(row).toContainText(served('mf_player', `?release=${PLAYER_RELEASE}`).manifest);
  await expect(row).toContainText('federated');
  await expect(row).toContainText('passed');
  await expect(row).toContainText('team player · set');
  await expect(row.locator('time')).toHaveAttribute('datetime', playerMove.updatedAt);
  await expect(row).toContainText(`^${PLAYER_RELEASE} → ${PLAYER_RELEASE}`);
  await expect(remoteRow(page, 'mf_account')).toContainText('not moved since');
  // Headers label every column and row.
  await expect(page.getByTestId('remotes').getByRole('columnheader')).toHaveText([
    'Remote',
    'Version and manifest',
    'Mount',
    'Gate',
    'Last moved',
    'Rollback',
  ]);
});

test('the audit, filtered, answers who moved mf_player in staging, when, and from which version', async ({
  page,
}) => {
  await signIn(page, tokens.catalog);
  await showStaging(page);
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Environment').selectOption('staging');
  await filters.getByLabel('Remote').selectOption('mf_player');
  await filters.getByLabel('Outcome').selectOption('applied');
  await filters.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByText('1 entry for environment staging, remote mf_player')).toBeVisible();
  const rows = page.getByTestId('audit').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('team player');
  await expect(rows.first()).toContainText(`^${PLAYER_RELEASE} → ${PLAYER_RELEASE}`);
  await expect(rows.first().locator('time')).toHaveAttribute('datetime', playerMove.updatedAt);
  await expect(rows.first()).toContainText(String(playerMove.revision));
  // The team filter finds the catalogue's own move and nothing of the player's.
  await filters.getByLabel('Remote').selectOption('');
  await filters.getByLabel('Team').selectOption('catalog');
  await filters.getByRole('button', { name: 'Show entries' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('mf_catalog');
});

test('rolls mf_player back by keyboard, through the gate, and the audit records it', async ({
  page,
}) => {
  await signIn(page, tokens.player);
  await showStaging(page);
  const button = page.getByRole('button', { name: /^Roll back mf_player to/ });
  await expect(button).toHaveText(`Roll back mf_player to ^${PLAYER_RELEASE}`);
  // Tab from the environment picker to the player's rollback, as a keyboard user would.
  await page.getByRole('button', { name: 'Show environment' }).focus();
  for (let i = 0; i < 10 && !(await button.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await expect(button).toHaveCSS('outline-style', 'solid');

  // Escape cancels and gives focus back.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Roll back mf_player in staging?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    dialog.getByRole('button', { name: `Roll back to ^${PLAYER_RELEASE}` }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(
    `mf_player in staging rolled back from ${PLAYER_RELEASE} to ^${PLAYER_RELEASE}: the gate passed`,
  );
  const row = remoteRow(page, 'mf_player');
  await expect(row).toContainText('team player · rollback');
  await expect(row).toContainText('nothing earlier');
  const latest = page.getByTestId('audit').locator('tbody tr').first();
  await expect(latest).toContainText('rollback');
  await expect(latest).toContainText(`${PLAYER_RELEASE} → ^${PLAYER_RELEASE}`);
  await expect(latest).toContainText('gate passed');
});

test('a page read before someone else moved staging is told it moved on, with the new revision', async ({
  page,
}) => {
  const moved = await pipelineSets('player', 'mf_player', PLAYER_RELEASE);
  await signIn(page, tokens.player);
  await showStaging(page);
  await expect(page.getByText(`Revision ${moved.revision} ·`)).toBeVisible();
  // The catalogue's pipeline lands an edit while the operator is looking at the page.
  const after = await pipelineSets('catalog', 'mf_catalog', localVersion('mf-catalog'));
  await page.getByRole('button', { name: /^Roll back mf_player to/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Roll back to/ })
    .click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('the environment moved on, reload');
  await expect(alert).toContainText(
    `staging is at revision ${after.revision} now; this page read revision ${moved.revision}`,
  );
  await alert.getByRole('button', { name: 'Reload staging' }).click();
  await expect(page.getByText(`Revision ${after.revision} ·`)).toBeVisible();
  await expect(remoteRow(page, 'mf_player')).toContainText(PLAYER_RELEASE);
});

test("another team's remote is refused with a message naming its owner", async ({ page }) => {
  await signIn(page, tokens.catalog);
  await showStaging(page);
  await page.getByRole('button', { name: /^Roll back mf_player to/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Roll back to/ })
    .click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('mf_player was not rolled back');
  await expect(alert).toContainText('owned by team player');
  await expect(alert).toContainText('Ask team player to move it.');
  await expect(remoteRow(page, 'mf_player')).toContainText('team player · set');
  const latest = page.getByTestId('audit').locator('tbody tr').first();
  await expect(latest).toContainText('refused');
  await expect(latest).toContainText('team catalog');
});

test('is axe-clean signed out, signed in, and with the rollback dialog open', async ({
  page,
}, testInfo) => {
  await page.goto(CONSOLE);
  await expect(page.getByLabel('Control-plane token')).toBeVisible();
  await expectNoViolations(page, 'on the sign-in page');
  await signIn(page, tokens.player);
  await showStaging(page);
  await expect(page.getByTestId('audit').locator('tbody tr').first()).toBeVisible();
  await expectNoViolations(page, 'on staging');
  await testInfo.attach('console', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
  await page.getByRole('button', { name: /^Roll back mf_player to/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'with the rollback dialog open');
});
