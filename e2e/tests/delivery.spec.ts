import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { deploy, type Deployment } from '@streamflix/delivery/deploy';
import { setRemote as composeSet } from '@streamflix/delivery/compose';
import { E2E } from './support/env';
import { versionsRow, videoTime, waitForPlayableMedia } from './support/delivery';
import { newUser, registerUser } from './support/api';
import { answers } from './support/local-builds';

/**
 * Independent delivery, end to end: remotes deployed alone into a deployment
 * store while a second, staging-like shell is serving, composed through the
 * gate, mixed versions running the core journeys, the run-time fallbacks, an
 * isolated mount, a per-browser override and a tampered remote entry.
 */

const ROOT = path.resolve(__dirname, '../..');
const STAGING = `http://localhost:${E2E.stagingShellPort}`;
const STORE = `http://localhost:${E2E.storePort}`;
const work = path.join(os.tmpdir(), `streamflix-delivery-e2e-${E2E.stagingShellPort}`);
const storeDir = path.join(work, 'store');
const docFile = path.join(work, 'staging.json');
const servers: ChildProcess[] = [];
const deployed: Record<string, Deployment> = {};
const FREE_MOVIE = 't-0001';
const WATCH = `${STAGING}/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`;

// Deploys refuse a plain version that was not released from the code being built: builds of
// the current work tree are published as pre-releases, as a pull request's would be.
const CATALOG_OLD = '0.0.9-rc.1';
const PLAYER_NEW = '0.9.0-pr.1';
const PLAYER_REACT20 = '0.9.1-pr.1';
/** The version each remote's own server runs: its package.json's. */
const localVersion = (dir: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string })
    .version;
const PORT_DIRS: Record<number, string> = {
  [E2E.ports.catalog]: 'mf-catalog',
  [E2E.ports.player]: 'mf-player',
  [E2E.ports.account]: 'mf-account',
  [E2E.ports.checkout]: 'mf-checkout',
};

type Entry = Record<string, unknown>;
const served = (port: number): Entry => ({
  manifest: `http://localhost:${port}/mf-manifest.json`,
  version: `^${localVersion(PORT_DIRS[port]!)}`,
});
const fromStore = (dir: string, version: string, extra: Entry = {}): Entry => ({
  manifest: `${STORE}/${dir}/${version}/mf-manifest.json`,
  version,
  integrity: deployed[`${dir}@${version}`]?.integrity,
  ...extra,
});

/** The staging shell re-reads its document on every page load: each test writes the one it needs. */
function writeDoc(remotes: Record<string, Entry> = {}, extra: Entry = {}) {
  const doc = {
    environment: 'staging-e2e',
    api: E2E.apiUrl,
    store: STORE,
    shell: `${STAGING}/mf-manifest.json`,
    remotes: {
      mf_catalog: served(E2E.ports.catalog),
      mf_player: served(E2E.ports.player),
      mf_account: served(E2E.ports.account),
      mf_checkout: served(E2E.ports.checkout),
      ...remotes,
    },
    services: {},
    ...extra,
  };
  writeFileSync(docFile, JSON.stringify(doc, null, 2));
}

function serve(args: string[], server = 'tools/static-server.mjs') {
  const child = spawn(process.execPath, [path.join(ROOT, server), ...args], {
    stdio: 'ignore',
  });
  servers.push(child);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(8 * 60_000);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(storeDir, { recursive: true });
  writeDoc();
  serve([storeDir, String(E2E.storePort)]);
  serve(
    [path.join(ROOT, 'shell/dist'), String(E2E.stagingShellPort), '--composition', docFile],
    'shell/scripts/serve.mjs',
  );
  await answers(`${STAGING}/mf-manifest.json`, { timeoutMs: 10_000 });
  await answers(`${STORE}/`, { timeoutMs: 10_000 });
  // Deployed while the staging shell is serving, each build once: the catalogue at an
  // older version and older React range, the player at a newer version with the
  // current (newer, still compatible) range, and a player built against React 20.
  const quiet = () => undefined;
  deployed[`mf-catalog@${CATALOG_OLD}`] = deploy({
    remote: 'mf_catalog',
    store: storeDir,
    version: CATALOG_OLD,
    env: { MF_SHARED_RANGES: JSON.stringify({ react: '^19.0.0', 'react-dom': '^19.0.0' }) },
    log: quiet,
  });
  deployed[`mf-player@${PLAYER_NEW}`] = deploy({
    remote: 'mf_player',
    store: storeDir,
    version: PLAYER_NEW,
    log: quiet,
  });
  deployed[`mf-player@${PLAYER_REACT20}`] = deploy({
    remote: 'mf_player',
    store: storeDir,
    version: PLAYER_REACT20,
    env: { MF_SHARED_RANGES: JSON.stringify({ react: '^20.0.0', 'react-dom': '^20.0.0' }) },
    log: quiet,
  });
  await waitForPlayableMedia(FREE_MOVIE);
});

test.afterAll(() => {
  for (const s of servers) s.kill();
  rmSync(work, { recursive: true, force: true });
});

test('a remote deployed while the shell serves is composed through the gate and picked up on the next load', async ({
  page,
}) => {
  writeDoc();
  await page.goto(`${STAGING}/versions`);
  await expect(page.getByRole('heading', { level: 1, name: 'Versions' })).toBeVisible();
  await expect(versionsRow(page, 'mf_player')).toContainText(localVersion('mf-player'));
  await expect(versionsRow(page, 'mf_player')).toContainText('passed');

  // The CLI against the real environment: its shell's manifest and its API's contract.
  await composeSet(docFile, 'mf_player', PLAYER_NEW);
  await composeSet(docFile, 'mf_catalog', CATALOG_OLD);
  await expect(composeSet(docFile, 'mf_player', PLAYER_REACT20)).rejects.toThrow(
    /refused[\s\S]*it requires react \^20.0.0; the shell provides 19/,
  );

  // The store revalidates what names a version and caches content-hashed files forever.
  const cacheOf = async (file: string) =>
    (await fetch(`${STORE}/mf-player/${PLAYER_NEW}/${file}`)).headers.get('cache-control');
  expect(await cacheOf('mf-manifest.json')).toBe('no-cache');
  expect(await cacheOf('remoteEntry.js')).toBe('no-cache');
  const manifest = (await (
    await fetch(`${STORE}/mf-player/${PLAYER_NEW}/mf-manifest.json`)
  ).json()) as {
    exposes: { assets: { js: { sync: string[] } } }[];
  };
  expect(await cacheOf(manifest.exposes[0]!.assets.js.sync.at(-1)!)).toBe(
    'public, max-age=31536000, immutable',
  );

  await page.reload();
  const player = versionsRow(page, 'mf_player');
  await expect(player).toContainText(PLAYER_NEW);
  await expect(player).toContainText(`${STORE}/mf-player/${PLAYER_NEW}/mf-manifest.json`);
  await expect(player).toContainText('environment');
  await expect(player).toContainText('federated');
  await expect(player).toContainText(deployed[`mf-player@${PLAYER_NEW}`]!.commit);
  await expect(versionsRow(page, 'mf_catalog')).toContainText(CATALOG_OLD);
  await expect(page.getByText(/^1\.\d+\.\d+ at /)).toBeVisible(); // the API's contract version
});

test('mixed versions: browse → detail → play, sign in and account all work', async ({ page }) => {
  writeDoc({
    mf_catalog: fromStore('mf-catalog', CATALOG_OLD),
    mf_player: fromStore('mf-player', PLAYER_NEW),
  });
  // The HTML preloads the pinned catalogue entry with its integrity, as the script loads it:
  // one download, and no "preload … not used due to an integrity mismatch" warning.
  const messages: string[] = [];
  page.on('console', (m) => messages.push(m.text()));
  const entry = `${STORE}/mf-catalog/${CATALOG_OLD}/remoteEntry.js`;
  let entryRequests = 0;
  page.on('request', (r) => {
    if (r.url() === entry) entryRequests += 1;
  });
  await page.goto(`${STAGING}/movie/movie/${FREE_MOVIE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Glass Orchard' })).toBeVisible();
  expect(await page.locator(`link[rel="preload"][href="${entry}"]`).getAttribute('integrity')).toBe(
    deployed[`mf-catalog@${CATALOG_OLD}`]!.integrity,
  );
  expect(messages.filter((t) => /integrity/i.test(t))).toEqual([]);
  expect(entryRequests).toBe(1);
  await page.getByRole('link', { name: /^(Play|Resume).*The Glass Orchard/ }).click();
  await expect(page).toHaveURL(WATCH);
  await expect(page.getByRole('heading', { level: 1, name: /Watch/ })).toBeVisible();
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);

  const user = newUser('mixed');
  await registerUser(user);
  await page.goto(`${STAGING}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.goto(`${STAGING}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await page.goto(`${STAGING}/versions`);
  for (const [remote, version] of [
    ['mf_catalog', CATALOG_OLD],
    ['mf_player', PLAYER_NEW],
  ] as const) {
    await expect(versionsRow(page, remote)).toContainText(version);
    await expect(versionsRow(page, remote)).toContainText('passed');
    await expect(versionsRow(page, remote)).toContainText('federated');
  }
});

test('at run time a refused build is mounted isolated if it can be, else its last known-good runs, else the outage message', async ({
  page,
}) => {
  // Someone pointed the document at the React 20 build by hand: it exposes lifecycles, so it runs isolated.
  writeDoc({ mf_player: fromStore('mf-player', PLAYER_REACT20) });
  await page.goto(WATCH);
  await expect(page.locator('[data-remote="mf_player"][data-mount="isolated"]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: /Watch/ })).toBeVisible();
  await page.goto(`${STAGING}/versions`);
  await expect(versionsRow(page, 'mf_player')).toContainText('isolated');
  await expect(versionsRow(page, 'mf_player')).toContainText('refused');
  await expect(versionsRow(page, 'mf_player')).toContainText(
    'it requires react ^20.0.0; the shell provides 19',
  );

  // A CDN serves another version than the document expects: the fallback entry runs.
  const wrong = fromStore('mf-catalog', CATALOG_OLD, { version: '0.1.5' });
  writeDoc({ mf_catalog: { ...wrong, fallback: served(E2E.ports.catalog) } });
  await page.goto(`${STAGING}/movie/movie/${FREE_MOVIE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Glass Orchard' })).toBeVisible();
  await page.goto(`${STAGING}/versions`);
  await expect(versionsRow(page, 'mf_catalog')).toContainText('fallback (last known-good)');
  await expect(versionsRow(page, 'mf_catalog')).toContainText(
    `it is version ${CATALOG_OLD}; the environment expects 0.1.5`,
  );

  // No fallback: its routes show the outage message, and the rest of the product still works.
  writeDoc({ mf_catalog: wrong });
  await page.goto(`${STAGING}/movie/movie/${FREE_MOVIE}`);
  await expect(page.getByRole('alert')).toContainText(
    'This part of Streamflix is unavailable right now',
  );
  await page.goto(`${STAGING}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('an isolated remote renders, moves the shell router (back works) and follows login and logout', async ({
  page,
}) => {
  writeDoc({ mf_account: { ...served(E2E.ports.account), mount: 'isolated' } });
  const isolated = page.locator('[data-remote="mf_account"][data-mount="isolated"]');
  await page.goto(`${STAGING}/login`);
  await expect(isolated.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  await isolated.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(`${STAGING}/signup`);
  await expect(isolated.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(`${STAGING}/login`);
  await expect(isolated.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

  // Logging in inside the isolated copy reaches the shell's session.
  const user = newUser('isolated');
  await registerUser(user);
  await isolated.getByLabel('Email').fill(user.email);
  await isolated.getByLabel('Password', { exact: true }).fill(user.password);
  await isolated.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page).toHaveURL(`${STAGING}/`);

  await page.goto(`${STAGING}/profile`);
  await expect(isolated.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(isolated).toContainText(user.email);

  // Logging out in the shell reaches the isolated copy: it shows the login form again.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(isolated.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('a per-browser override: set, persists, shows the pill, refused off the allowed origins, cleared in one click', async ({
  page,
  browser,
}) => {
  writeDoc({}, { overrides: { allowedOrigins: [STORE] } });
  const candidate = `${STORE}/mf-player/${PLAYER_NEW}/mf-manifest.json`;
  await page.goto(`${STAGING}/?override=mf_player=${encodeURIComponent(candidate)}`);
  const pill = page.getByRole('complementary', { name: 'Override active' });
  await expect(pill).toContainText('mf_player');
  await expect(pill).toContainText(candidate);
  await expect(page).toHaveURL(`${STAGING}/`);

  await page.reload();
  await expect(pill).toBeVisible();
  await page.goto(`${STAGING}/versions`);
  await expect(pill).toBeVisible();
  await expect(versionsRow(page, 'mf_player')).toContainText('override (this browser)');
  await expect(versionsRow(page, 'mf_player')).toContainText(PLAYER_NEW);

  // Another browser is not affected.
  const other = await browser.newPage();
  await other.goto(`${STAGING}/versions`);
  await expect(versionsRow(other, 'mf_player')).toContainText('environment');
  await expect(other.getByRole('complementary', { name: 'Override active' })).toHaveCount(0);
  await other.close();

  await page.goto(`${STAGING}/?override=mf_player=http://127.0.0.1:9/evil/mf-manifest.json`);
  await expect(page.getByRole('alert')).toContainText(
    'Override refused: http://127.0.0.1:9/evil/mf-manifest.json is not on an origin this environment allows',
  );
  await expect(pill).toContainText(candidate);

  await pill.getByRole('button', { name: 'Reset' }).click();
  await expect(pill).toHaveCount(0);
  await page.goto(`${STAGING}/versions`);
  await expect(versionsRow(page, 'mf_player')).toContainText('environment');
  await expect(versionsRow(page, 'mf_player')).toContainText(localVersion('mf-player'));

  // A document without allowed origins turns overrides off.
  writeDoc();
  await page.goto(`${STAGING}/?override=mf_player=${encodeURIComponent(candidate)}`);
  await expect(page.getByRole('alert')).toContainText(
    'overrides are off in the staging-e2e environment',
  );
  await expect(pill).toHaveCount(0);
});

test('a remote entry whose bytes changed after the gate is refused with the outage message', async ({
  page,
}) => {
  const good = path.join(storeDir, `mf-player/${PLAYER_NEW}`);
  const tampered = path.join(work, `tampered/mf-player/${PLAYER_NEW}`);
  cpSync(good, tampered, { recursive: true });
  appendFileSync(path.join(tampered, 'remoteEntry.js'), '\nwindow.__sfTampered = true;\n');
  const copy = path.join(storeDir, 'tampered');
  cpSync(path.join(work, 'tampered'), copy, { recursive: true });
  writeDoc({
    mf_player: {
      ...fromStore('mf-player', PLAYER_NEW),
      manifest: `${STORE}/tampered/mf-player/${PLAYER_NEW}/mf-manifest.json`,
    },
  });
  await page.goto(WATCH);
  await expect(page.getByRole('alert')).toContainText(
    'This part of Streamflix is unavailable right now',
  );
  expect(await page.evaluate(() => (window as { __sfTampered?: boolean }).__sfTampered)).toBe(
    undefined,
  );

  // The same document with the untouched entry runs.
  writeDoc({ mf_player: fromStore('mf-player', PLAYER_NEW) });
  await page.goto(WATCH);
  await expect(page.getByRole('heading', { level: 1, name: /Watch/ })).toBeVisible();
});
