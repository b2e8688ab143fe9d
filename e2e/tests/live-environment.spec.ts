import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { versionsRow } from './support/delivery';
import { answers, localVersion } from './support/local-builds';

/**
 * An environment served live: a shell host reading its environment from a delivery control plane
 * (both started here, on this run's offset ports); a team's pipeline composes through the control
 * plane with its token (`npm run compose` with DELIVERY_URL and DELIVERY_TOKEN) and the next page
 * load has it within 5 s, without a restart; with the control plane gone, the host keeps serving
 * what it had and /versions says so.
 */

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const LIVE = `http://localhost:${E2E.liveShellPort}`;
const CONTROL_PLANE = `http://localhost:${E2E.liveControlPlanePort}`;
const work = path.join(os.tmpdir(), `streamflix-live-e2e-${E2E.liveShellPort}`);
const dataDir = path.join(work, 'control-plane');
const player = E2E.remotes.find((r) => r.name === 'mf_player')!;
const PLAYER_VERSION = localVersion(player.dir);
/** The same build under another URL: what the compose moves the player to. */
const MOVED_MANIFEST = `http://127.0.0.1:${player.port}/mf-manifest.json`;

let controlPlane: ChildProcess | null = null;
const children: ChildProcess[] = [];

/** The document the host inlines into a fresh page load (the HTML as the browser gets it). */
async function inlinedDocument(page: Page): Promise<string> {
  const html = await (await page.request.get(`${LIVE}/versions`)).text();
  return (
    /<script id="sf-composition" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? ''
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'seeds'), { recursive: true });
  writeFileSync(
    path.join(work, 'seeds', 'live.json'),
    JSON.stringify({
      environment: 'live',
      api: E2E.apiUrl,
      shell: `${LIVE}/mf-manifest.json`,
      remotes: Object.fromEntries(
        E2E.remotes.map((r) => [
          r.name,
          { manifest: `http://localhost:${r.port}/mf-manifest.json`, version: '>=0.0.0' },
        ]),
      ),
      services: {},
    }),
  );
  controlPlane = spawn(
    process.execPath,
    [TSX, path.join(ROOT, 'delivery/src/control-plane/server.ts')],
    {
      stdio: 'ignore',
      env: {
        ...process.env,
        CONTROL_PLANE_PORT: String(E2E.liveControlPlanePort),
        CONTROL_PLANE_DATA_DIR: dataDir,
        CONTROL_PLANE_SEEDS: path.join(work, 'seeds'),
      },
    },
  );
  children.push(controlPlane);
  // Starting it compiles its sources with tsx: on a busy machine that alone takes tens of seconds.
  await answers(`${CONTROL_PLANE}/v1/environments/live`, { ok: true, timeoutMs: 120_000 });
  children.push(
    spawn(
      process.execPath,
      [
        path.join(ROOT, 'shell/scripts/serve.mjs'),
        path.join(ROOT, 'shell/dist'),
        String(E2E.liveShellPort),
        '--control-plane',
        CONTROL_PLANE,
        '--environment',
        'live',
        '--last-good',
        path.join(work, 'last-good.json'),
      ],
      { stdio: 'ignore' },
    ),
  );
  await answers(`${LIVE}/composition.json`, { ok: true, timeoutMs: 30_000 });
});

test.afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

test('a compose through the control plane reaches the next page load, and an outage of the control plane does not take the shell down', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${LIVE}/versions`);
  const composition = page.getByRole('definition').filter({ hasText: /^Control plane/ });
  await expect(composition).toContainText('environment live: revision 1');
  await expect(versionsRow(page, 'mf_player')).toContainText(
    `http://localhost:${player.port}/mf-manifest.json`,
  );

  // The player team's pipeline: its token (printed once by the token CLI) and the compose CLI.
  const token = execFileSync(
    process.execPath,
    [
      TSX,
      path.join(ROOT, 'delivery/src/control-plane/cli.ts'),
      'token',
      'create',
      '--team',
      player.team,
      '--data-dir',
      dataDir,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      TSX,
      path.join(ROOT, 'delivery/src/compose.ts'),
      'live',
      'set',
      player.name,
      PLAYER_VERSION,
      '--manifest',
      MOVED_MANIFEST,
    ],
    { env: { ...process.env, DELIVERY_URL: CONTROL_PLANE, DELIVERY_TOKEN: token } },
  );
  const composedAt = Date.now();
  expect(stdout).toMatch(/passed/);
  expect(stdout).toContain('at revision 2');

  // No restart, no rebuild: a new page load within 5 s carries the new entry.
  await expect
    .poll(() => inlinedDocument(page), { timeout: 5000, intervals: [250] })
    .toContain(MOVED_MANIFEST);
  expect(Date.now() - composedAt).toBeLessThan(5000);
  await page.goto(`${LIVE}/versions`);
  await expect(versionsRow(page, 'mf_player')).toContainText(MOVED_MANIFEST);
  await expect(versionsRow(page, 'mf_player')).toContainText(PLAYER_VERSION);
  await expect(versionsRow(page, 'mf_player')).toContainText('passed');
  await expect(composition).toContainText('revision 2');

  // The control plane goes away: the host keeps serving revision 2 and /versions says so.
  const exited = new Promise((resolve) => controlPlane!.once('exit', resolve));
  controlPlane!.kill('SIGTERM');
  await exited;
  await expect(async () => {
    await page.goto(`${LIVE}/versions`);
    await expect(composition).toHaveText(
      /^Control plane unreachable since \d\d:\d\d; serving the document of revision 2$/,
      { timeout: 2000 },
    );
  }).toPass({ timeout: 15_000 });
  await expect(versionsRow(page, 'mf_player')).toContainText(MOVED_MANIFEST);
  await expect(versionsRow(page, 'mf_player')).toContainText('passed');

  // And the product still runs: a remote's screen renders on a fresh load.
  await page.goto(`${LIVE}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});
