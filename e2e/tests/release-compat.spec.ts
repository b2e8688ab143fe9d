import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { deploy, type Deployment } from '@streamflix/delivery/deploy';
import { setRemote as composeSet } from '@streamflix/delivery/compose';
import type { Release } from '@streamflix/delivery/release-history';
import { pendingVersion } from '@streamflix/tools/pending-version';
import { E2E } from './support/env';
import { versionsRow, videoTime, waitForPlayableMedia } from './support/delivery';
import { newUser, registerUser } from './support/api';
import {
  ROOT,
  breakingSharedCheckout,
  buildApp,
  checkoutRelease,
  previousReleaseOf,
  removeWorktrees,
  serveShell,
} from './support/releases';
import { answers } from './support/local-builds';

/**
 * Staging with real older releases: each remote built from its previous release (a git
 * worktree of the commit that released it) composed with the current shell, then the previous
 * shell release with the current remotes; the core journeys pass both ways. A deliberately
 * breaking @streamflix/shared (an export removed, next major) is refused by the gate in both
 * directions.
 */

const STORE = `http://localhost:${E2E.releaseStorePort}`;
const PREVIOUS_SHELL = `http://localhost:${E2E.previousShellPort}`;
const CURRENT_SHELL = `http://localhost:${E2E.currentShellPort}`;
const BREAKING_SHELL = `http://localhost:${E2E.breakingShellPort}`;
const work = path.join(os.tmpdir(), `streamflix-releases-e2e-${E2E.releaseStorePort}`);
const storeDir = path.join(work, 'store');
const children: ChildProcess[] = [];
const FREE_MOVIE = 't-0001';

const REMOTES = [
  ['mf_catalog', 'mf-catalog', E2E.ports.catalog],
  ['mf_player', 'mf-player', E2E.ports.player],
  ['mf_account', 'mf-account', E2E.ports.account],
  ['mf_checkout', 'mf-checkout', E2E.ports.checkout],
] as const;
type RemoteName = (typeof REMOTES)[number][0];

const previous: Record<string, Release> = {};
const deployed: Record<string, Deployment> = {};
const BREAKING_PLAYER = '9.0.0-breaking.1';

const localVersion = (dir: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string })
    .version;
const servedEntry = (port: number, dir: string) => ({
  manifest: `http://localhost:${port}/mf-manifest.json`,
  version: localVersion(dir),
});

/** A document whose remotes are this checkout's builds, on the e2e ports, for a given shell. */
function writeDoc(name: string, shellOrigin: string): string {
  const file = path.join(work, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        environment: name,
        api: E2E.apiUrl,
        store: STORE,
        shell: `${shellOrigin}/mf-manifest.json`,
        remotes: Object.fromEntries(REMOTES.map(([r, dir, port]) => [r, servedEntry(port, dir)])),
        services: {},
      },
      null,
      2,
    ),
  );
  return file;
}
const docs = { current: '', previous: '', breaking: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(storeDir, { recursive: true });
  children.push(
    spawn(
      process.execPath,
      [path.join(ROOT, 'tools/static-server.mjs'), storeDir, String(E2E.releaseStorePort)],
      {
        stdio: 'ignore',
      },
    ),
  );
  const quiet = () => undefined;
  // Each remote's previous release, deployed from a worktree of its release commit: the
  // deploy's own rule (a plain version only from the clean, released code) is what holds here.
  for (const [name, dir] of REMOTES) {
    previous[dir] = previousReleaseOf(dir);
    const root = checkoutRelease(previous[dir]!.commit);
    deployed[dir] = deploy({ remote: name, store: storeDir, root, log: quiet });
    expect(deployed[dir]!.version).toBe(previous[dir]!.version);
  }
  previous.shell = previousReleaseOf('shell');
  const shellRoot = checkoutRelease(previous.shell.commit);
  const previousDist = path.join(work, 'shell-previous');
  buildApp(shellRoot, 'shell', previousDist);
  docs.previous = writeDoc('previous-shell', PREVIOUS_SHELL);
  serveShell(shellRoot, previousDist, E2E.previousShellPort, docs.previous, children);
  docs.current = writeDoc('current-shell', CURRENT_SHELL);
  serveShell(ROOT, path.join(ROOT, 'shell/dist'), E2E.currentShellPort, docs.current, children);

  // A breaking shared package: a player built against it, and a shell that provides it.
  const breaking = breakingSharedCheckout();
  deployed.breaking = deploy({
    remote: 'mf_player',
    store: storeDir,
    root: breaking,
    version: BREAKING_PLAYER,
    log: quiet,
  });
  const breakingDist = path.join(work, 'shell-breaking');
  buildApp(breaking, 'shell', breakingDist);
  docs.breaking = writeDoc('breaking-shell', BREAKING_SHELL);
  serveShell(breaking, breakingDist, E2E.breakingShellPort, docs.breaking, children);

  await Promise.all(
    [STORE, PREVIOUS_SHELL, CURRENT_SHELL, BREAKING_SHELL].map((o) =>
      answers(o, { timeoutMs: 30_000 }),
    ),
  );
  await waitForPlayableMedia(FREE_MOVIE);
});

test.afterAll(() => {
  for (const c of children) c.kill();
  rmSync(work, { recursive: true, force: true });
  removeWorktrees();
});

/** Browse → detail → play, sign in, account, subscribe: what every composition must keep working. */
async function coreJourneys(
  page: Page,
  origin: string,
  label: string,
  mounts: Partial<Record<RemoteName, Mount>> = {},
) {
  await page.goto(`${origin}/movie/movie/${FREE_MOVIE}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Glass Orchard' })).toBeVisible();
  await page.getByRole('link', { name: /^(Play|Resume).*The Glass Orchard/ }).click();
  await expect(page).toHaveURL(`${origin}/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);

  const user = newUser(label);
  await registerUser(user);
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  await page.goto(`${origin}/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(user.email);

  await page.goto(`${origin}/subscription`);
  await expect(page.getByText('Test mode — no real card is charged').first()).toBeVisible();
  await page.getByRole('button', { name: /^Choose Basic,/ }).click();
  await expect(page).toHaveURL(`${origin}/payment`);
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $7.99' }).click();
  if (mounts.mf_checkout === 'isolated') {
    // An isolated checkout has its own query cache: the shell's header learns of the new plan
    // from the server on the next page load, not from the payment's cache update.
    await expect(page).not.toHaveURL(`${origin}/payment`, { timeout: 15_000 });
    await page.reload();
  }
  await expect(page.getByRole('link', { name: /Your plan: Basic/ })).toBeVisible();
}

type Mount = 'federated' | 'isolated';

async function expectComposed(
  page: Page,
  origin: string,
  versions: Record<RemoteName, string>,
  mounts: Partial<Record<RemoteName, Mount>> = {},
) {
  await page.goto(`${origin}/versions`);
  for (const [remote, version] of Object.entries(versions) as [RemoteName, string][]) {
    await expect(versionsRow(page, remote)).toContainText(version);
    if ((mounts[remote] ?? 'federated') === 'federated')
      await expect(versionsRow(page, remote)).toContainText('passed');
    await expect(versionsRow(page, remote)).toContainText(mounts[remote] ?? 'federated');
  }
}

test("every remote's previous release, composed through the gate with the current shell: the core journeys pass", async ({
  page,
}) => {
  test.setTimeout(180_000);
  for (const [name, dir] of REMOTES) await composeSet(docs.current, name, previous[dir]!.version);
  await expectComposed(
    page,
    CURRENT_SHELL,
    Object.fromEntries(REMOTES.map(([name, dir]) => [name, previous[dir]!.version])) as Record<
      RemoteName,
      string
    >,
  );
  // Each one really is the older build: its manifest names its release commit.
  for (const [name, dir] of REMOTES)
    await expect(versionsRow(page, name)).toContainText(previous[dir]!.commit.slice(0, 12));
  await coreJourneys(page, CURRENT_SHELL, 'previous-remotes');
});

test('the previous shell release with the current remotes, composed through the gate: the core journeys pass', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const mounts: Partial<Record<RemoteName, Mount>> = {};
  for (const [name, dir, port] of REMOTES) {
    const manifest = servedEntry(port, dir).manifest;
    try {
      await composeSet(docs.previous, name, localVersion(dir), { manifest, mount: 'federated' });
      mounts[name] = 'federated';
    } catch (err) {
      // Built against a newer shared minor than this shell provides: refused as a federated
      // mount (in production the shell is deployed first); isolated, it brings its own copies.
      expect(String(err)).toMatch(
        /it requires @streamflix\/shared \^\d+\.\d+\.\d+; the shell provides/,
      );
      await composeSet(docs.previous, name, localVersion(dir), { manifest, mount: 'isolated' });
      mounts[name] = 'isolated';
    }
  }
  await expectComposed(
    page,
    PREVIOUS_SHELL,
    Object.fromEntries(REMOTES.map(([name, dir]) => [name, localVersion(dir)])) as Record<
      RemoteName,
      string
    >,
    mounts,
  );
  // The shell really is the older build: /versions names its release and commit.
  await expect(
    page.getByText(`${previous.shell!.version} (commit ${previous.shell!.commit.slice(0, 12)})`),
  ).toBeVisible();
  await coreJourneys(page, PREVIOUS_SHELL, 'previous-shell', mounts);
});

test('a breaking @streamflix/shared is refused by the gate both ways: by compose, and by the shell at run time', async ({
  page,
}) => {
  // What this tree's shared is built as: its version with the pending changesets applied.
  const shared = pendingVersion(ROOT, '@streamflix/shared', localVersion('shared'));
  const next = `${Number(shared.split('.')[0]) + 1}.0.0`;
  // A remote built against the breaking shared, offered to the current shell.
  await expect(composeSet(docs.current, 'mf_player', BREAKING_PLAYER)).rejects.toThrow(
    new RegExp(
      `refused[\\s\\S]*@streamflix/shared \\^${next.replace(/\./g, '\\.')}; the shell provides ${shared.replace(/\./g, '\\.')}`,
    ),
  );
  // The current remotes, offered to a shell that provides the breaking shared.
  await expect(
    composeSet(docs.breaking, 'mf_player', localVersion('mf-player'), {
      manifest: servedEntry(E2E.ports.player, 'mf-player').manifest,
    }),
  ).rejects.toThrow(
    new RegExp(
      `refused[\\s\\S]*@streamflix/shared \\^${shared.replace(/\./g, '\\.')}; the shell provides ${next.replace(/\./g, '\\.')}`,
    ),
  );
  // At run time the shell runs the same gate on what a document names by hand: refused, and the
  // remote runs isolated (its own React and shared copy) rather than against the wrong singleton.
  await page.goto(`${BREAKING_SHELL}/versions`);
  const player = versionsRow(page, 'mf_player');
  await expect(player).toContainText('refused');
  await expect(player).toContainText(
    `it requires @streamflix/shared ^${shared}; the shell provides ${next}`,
  );
  await expect(player).toContainText('isolated');
});
