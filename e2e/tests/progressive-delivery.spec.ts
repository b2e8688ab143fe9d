import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser } from '@playwright/test';
import { resolveArms } from '../../shell/scripts/canary-arms.cjs';
import { E2E } from './support/env';
import { versionsRow } from './support/delivery';
import { answers, localVersion, servedEntry } from './support/local-builds';

/**
 * Issue 34's progressive delivery, end to end: a control plane whose analysis runs every second, a
 * shell host reading staging from it live, and browsers (contexts with their own viewer cookies)
 * whose shells report signals to the host's POST /signals. A pre-release of mf_account that throws
 * on its terms screen is started as a canary with `compose set --canary`: the analysis sees its
 * error sessions, aborts it, audits the figures and calls the webhook, and the console and /versions
 * show it. A healthy pre-release started with `--steps 1,5,25,100 --auto` advances to 100% by
 * itself, and the viewers that were in the canary stay in it at every step.
 *
 * The two pre-releases are copies of this run's mf-account build (no build here): the healthy one
 * relabelled, the broken one with its terms screen's chunk made to throw.
 */

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const CP = `http://localhost:${E2E.progressiveControlPlanePort}`;
const SHELL = `http://localhost:${E2E.progressiveShellPort}`;
const HOOK = `http://127.0.0.1:${E2E.progressiveWebhookPort}/canary-events`;
const work = path.join(os.tmpdir(), `streamflix-progressive-e2e-${E2E.progressiveShellPort}`);
const dataDir = path.join(work, 'control-plane');
const account = E2E.remotes.find((r) => r.name === 'mf_account')!;
const BASE = localVersion(account.dir).replace(/-.*$/, '');
const stamp = Date.now();
const BROKEN = `${BASE}-broken.${stamp}`;
const HEALTHY = `${BASE}-healthy.${stamp}`;
const manifestOf = (version: string) => `${CP}/builds/${account.dir}/${version}/mf-manifest.json`;

const operatorOnly = /^(CONTROL_PLANE_|DELIVERY_|DEPLOY_STORE$|AWS_)/;
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !operatorOnly.test(k)),
) as NodeJS.ProcessEnv;
const cpEnv = {
  ...cleanEnv,
  CONTROL_PLANE_PORT: String(E2E.progressiveControlPlanePort),
  CONTROL_PLANE_DATA_DIR: dataDir,
  CONTROL_PLANE_SEEDS: path.join(work, 'seeds'),
  DELIVERY_STORE_DIR: path.join(work, 'builds'),
  CONTROL_PLANE_ANALYSIS_INTERVAL_MS: '1000',
  CONTROL_PLANE_WEBHOOK_URL: HOOK,
};
let token = '';
const children: ChildProcess[] = [];
let hook: Server;
const events: Array<Record<string, unknown>> = [];
const run = promisify(execFile);

/** `npm run compose -- staging …` as a team's pipeline runs it: the control plane's URL and a token. */
async function compose(...args: string[]) {
  const env = { ...cleanEnv, DELIVERY_URL: CP, DELIVERY_TOKEN: token };
  const { stdout } = await run('npm', ['run', '--silent', 'compose', '--', 'staging', ...args], {
    cwd: ROOT,
    env,
  });
  return stdout;
}

/** A copy of this run's mf-account build published as `version`; `broken` makes /terms throw. */
function publish(version: string, broken: boolean) {
  const dest = path.join(work, 'builds', account.dir, version);
  cpSync(path.join(ROOT, account.dir, 'dist'), dest, {
    recursive: true,
    filter: (src) => !src.endsWith('.map'),
  });
  const file = path.join(dest, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    metaData: { buildInfo: Record<string, unknown> };
    exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  };
  manifest.metaData.buildInfo.buildVersion = version;
  writeFileSync(file, JSON.stringify(manifest));
  if (!broken) return;
  const terms = manifest.exposes.find((e) => e.name === 'Terms')!.assets.js.sync;
  const chunk = terms.find((f) => f.includes('__federation_expose_Terms'))!;
  const full = path.join(dest, chunk);
  writeFileSync(
    full,
    `throw new Error('${version}: the terms screen is broken');\n${readFileSync(full, 'utf8')}`,
  );
}

interface Entry {
  version: string;
  canary?: { percent: number; entry: { version: string } };
}
const accountEntry = async () =>
  (
    (await (await fetch(`${CP}/v1/environments/staging`)).json()) as {
      document: { remotes: Record<string, Entry> };
    }
  ).document.remotes.mf_account!;

/** Viewer keys on `arm` of the canary as the environment runs it now (flagd's buckets). */
async function viewersOn(arm: 'canary' | 'stable', count: number, from = 0) {
  const doc = (
    (await (await fetch(`${CP}/v1/environments/staging`)).json()) as { document: object }
  ).document;
  const keys: string[] = [];
  for (let i = from; keys.length < count; i++) {
    const key = `e2e-progressive-${stamp}-${i}`;
    if (resolveArms(doc, key).arms.mf_account?.arm === arm) keys.push(key);
  }
  return keys;
}

/** The host serves the canary (it reads the control plane every 300 ms). */
async function hostServes(percent: number | undefined) {
  await expect
    .poll(async () => {
      const source = (await (await fetch(`${SHELL}/composition-source.json`)).json()) as {
        arms: Record<string, { percent?: number }>;
      };
      return source.arms.mf_account?.percent;
    })
    .toBe(percent);
}

/** Each viewer (its own context and cookie) opens /terms; returns what the screen shows. */
async function visitTerms(browser: Browser, keys: string[]) {
  return Promise.all(
    keys.map(async (key) => {
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      await context.addCookies([{ name: 'sf_viewer', value: key, url: SHELL }]);
      const page = await context.newPage();
      // The page's signals leave in a beacon: after an error within a second, else at the 5 s flush.
      const beacon = page.waitForRequest(
        (r) => r.url() === `${SHELL}/signals` && r.method() === 'POST',
        { timeout: 30_000 },
      );
      await page.goto(`${SHELL}/terms`);
      const failed = page.getByRole('heading', {
        name: 'This part of Streamflix is unavailable right now',
      });
      const terms = page.getByRole('heading', { level: 1, name: /terms/i });
      await expect(failed.or(terms)).toBeVisible({ timeout: 30_000 });
      const outcome = (await failed.isVisible()) ? 'failed' : 'terms';
      await beacon;
      await context.close();
      return outcome;
    }),
  );
}

/** Sessions of mf_account per arm since the canary began, as the control plane counted them. */
async function sessions(version: string) {
  const summary = (await (await fetch(`${CP}/v1/environments/staging/signals`)).json()) as {
    items: Array<{ remote: string; arm: string; version: string; sessions: number }>;
  };
  return (
    summary.items.find((i) => i.remote === 'mf_account' && i.version === version)?.sessions ?? 0
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(3 * 60_000);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'seeds'), { recursive: true });
  writeFileSync(
    path.join(work, 'seeds', 'staging.json'),
    JSON.stringify({
      environment: 'staging',
      api: E2E.apiUrl,
      shell: `${SHELL}/mf-manifest.json`,
      remotes: Object.fromEntries(E2E.remotes.map((r) => [r.name, servedEntry(r.name)])),
      services: {},
    }),
  );
  publish(BROKEN, true);
  publish(HEALTHY, false);
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      events.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => hook.listen(E2E.progressiveWebhookPort, '127.0.0.1', r));
  children.push(
    spawn(process.execPath, [TSX, 'delivery/src/control-plane/server.ts'], {
      cwd: ROOT,
      stdio: 'ignore',
      env: cpEnv,
      detached: true,
    }),
  );
  await answers(`${CP}/v1/environments/staging`, { ok: true, timeoutMs: 120_000 });
  children.push(
    spawn(
      process.execPath,
      [
        ...[path.join(ROOT, 'shell/scripts/serve.mjs'), path.join(ROOT, 'shell/dist')],
        ...[String(E2E.progressiveShellPort), '--control-plane', CP, '--environment', 'staging'],
        ...['--last-good', path.join(work, 'last-good.json'), '--poll-ms', '300'],
      ],
      { stdio: 'ignore', env: cleanEnv, detached: true },
    ),
  );
  await answers(`${SHELL}/composition.json`, { ok: true, timeoutMs: 60_000 });
  const created = spawnSync(
    process.execPath,
    [TSX, 'delivery/src/control-plane/cli.ts', 'token', 'create', '--env-owner', 'staging'],
    { cwd: ROOT, env: cpEnv, encoding: 'utf8' },
  );
  expect(created.status, created.stderr).toBe(0);
  token = created.stdout.trim();
});

test.afterAll(async () => {
  // Each child leads its own process group: tsx's server process goes with it.
  for (const child of children)
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
  hook?.closeAllConnections();
  await new Promise((r) => hook?.close(r));
  rmSync(work, { recursive: true, force: true });
});

test('a canary that throws on one screen is rolled back by the analysis, audited, announced and shown', async ({
  browser,
  page,
}) => {
  test.setTimeout(4 * 60_000);
  const stable = (await accountEntry()).version;
  const out = await compose(
    ...['set', 'mf_account', BROKEN, '--manifest', manifestOf(BROKEN), '--canary', '50'],
    ...['--min-sessions', '2', '--failure-limit', '2'],
  );
  expect(out).toContain(`canary at 50%`);
  await hostServes(50);

  const canaryViewers = await viewersOn('canary', 2);
  const stableViewers = await viewersOn('stable', 2);
  const reported = Date.now();
  const outcomes = await visitTerms(browser, [...canaryViewers, ...stableViewers]);
  // The canary's viewers see the shell's in-place failure; the others read the terms.
  expect(outcomes).toEqual(['failed', 'failed', 'terms', 'terms']);

  // The analysis: two failed checks a second apart, then everyone is back on stable.
  await expect
    .poll(async () => (await accountEntry()).canary, { timeout: 120_000, intervals: [500] })
    .toBeUndefined();
  expect(Date.now() - reported).toBeLessThan(120_000);
  expect((await accountEntry()).version).toBe(stable);

  const audit = (await (
    await fetch(`${CP}/v1/audit?environment=staging&remote=mf_account&action=abort`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { items: Array<{ tokenId: string; message: string; toVersion: string }> };
  expect(audit.items[0]).toMatchObject({ tokenId: 'control-plane-analysis', toVersion: stable });
  // The figures of the last check: how many of the canary's sessions had reported by then varies
  // (both of its viewers failed, but a check may run between their beacons).
  const figures =
    /2 failed check\(s\) of 2 allowed; error sessions per 1,000: canary (\d+) > stable 0 \+ 10/.exec(
      audit.items[0]!.message,
    );
  expect(figures, audit.items[0]!.message).not.toBeNull();
  expect(Number(figures![1])).toBeGreaterThanOrEqual(500);
  await expect.poll(() => events.length).toBe(1);
  expect(events[0]).toMatchObject({
    event: 'canary.aborted',
    environment: 'staging',
    remote: 'mf_account',
    canaryVersion: BROKEN,
    canary: { errorSessions: 2, sessions: 2 },
    stable: { errorSessions: 0 },
  });

  // A viewer who was in the canary now gets stable: /versions says so.
  await hostServes(undefined);
  await page.context().addCookies([{ name: 'sf_viewer', value: canaryViewers[0]!, url: SHELL }]);
  await page.goto(`${SHELL}/versions`);
  await expect(versionsRow(page, 'mf_account').getByTestId('arm')).toHaveText('stable');

  // The console: the abort by the analysis, with its figures, and the arms' signals.
  await page.goto(`${CP}/console`);
  await page.getByLabel('Control-plane token').fill(token);
  await page.getByLabel('Control-plane token').press('Enter');
  await expect(page.getByRole('heading', { name: 'Browser signals in staging' })).toBeVisible();
  const signals = page.getByTestId('signals');
  await expect(signals.locator(`tr[data-remote="mf_account"][data-arm="canary"]`)).toContainText(
    `${BROKEN}21000`,
  );
  const row = page.getByTestId('audit').locator('tr', { hasText: 'the canary analysis' }).first();
  await expect(row).toContainText('abort');
  await expect(row).toContainText('2 failed check(s) of 2 allowed');
});

test('a healthy canary advances 1 → 5 → 25 → 100 by itself, and its viewers stay in it', async ({
  browser,
}) => {
  test.setTimeout(4 * 60_000);
  await compose(
    ...['set', 'mf_account', HEALTHY, '--manifest', manifestOf(HEALTHY)],
    ...['--steps', '1,5,25,100', '--auto', '--min-sessions', '2'],
  );
  await hostServes(1);
  const canaryViewers = await viewersOn('canary', 2);
  const stableViewers = await viewersOn('stable', 2);
  const armOf = async (key: string) =>
    (
      (await (
        await fetch(`${SHELL}/composition-source.json`, { headers: { cookie: `sf_viewer=${key}` } })
      ).json()) as { arms: Record<string, { arm: string }> }
    ).arms.mf_account!.arm;

  // Until the browsers report, the analysis has too little data and the canary waits at 1%.
  expect((await accountEntry()).canary?.percent).toBe(1);
  expect(await visitTerms(browser, [...canaryViewers, ...stableViewers])).toEqual(
    Array(4).fill('terms'),
  );
  expect(await sessions(HEALTHY)).toBeGreaterThanOrEqual(2);

  // Every share the host serves on the way keeps the canary's viewers in the canary.
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const entry = await accountEntry();
        const percent = entry.canary?.percent ?? (entry.version === HEALTHY ? 100 : 0);
        if (!seen.has(percent) && percent < 100) {
          seen.add(percent);
          for (const key of canaryViewers) expect(await armOf(key)).toBe('canary');
        }
        return percent;
      },
      { timeout: 120_000, intervals: [200] },
    )
    .toBe(100);

  const promotes = (await (
    await fetch(`${CP}/v1/audit?environment=staging&remote=mf_account&action=promote`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { items: Array<{ tokenId: string; message: string }> };
  expect(promotes.items.map((r) => r.tokenId)).toEqual(Array(3).fill('control-plane-analysis'));
  expect(promotes.items.map((r) => /(\d+)% → (\d+)%/.exec(r.message)?.slice(1).join('→'))).toEqual([
    '25→100',
    '5→25',
    '1→5',
  ]);
  // At 100% the healthy build is the stable entry: every viewer, canary or not, reads the terms on it.
  await hostServes(undefined);
  for (const key of [...canaryViewers, ...stableViewers]) expect(await armOf(key)).toBe('stable');
  const out = await compose('show');
  expect(out).toContain(HEALTHY);
});
