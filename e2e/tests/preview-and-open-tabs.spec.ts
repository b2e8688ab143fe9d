import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { versionsRow, waitForPlayableMedia } from './support/delivery';
import { answers, localVersion } from './support/local-builds';

/**
 * Issue 34, points 4 and 5, as a reviewer and a viewer meet them on a staging shell host reading its
 * environment live from a control plane (both started here, on this run's offset ports):
 * - a team signs a preview link of a pull request's build (`npm run compose -- staging preview`); a
 *   reviewer who opens it sees that build (the override pill, /versions); an altered or expired link is
 *   refused with the reason; production refuses to sign;
 * - a tab open across a compose keeps its builds (a screen of the moved remote loaded after the compose
 *   still comes from the build the tab started with), and offers "A new version is available" at the
 *   next navigation, not while a film plays; Refresh loads the new build.
 */

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const SHELL = `http://localhost:${E2E.previewShellPort}`;
const CONTROL_PLANE = `http://localhost:${E2E.previewControlPlanePort}`;
const work = path.join(os.tmpdir(), `streamflix-preview-e2e-${E2E.previewShellPort}`);
const dataDir = path.join(work, 'control-plane');
const catalog = E2E.remotes.find((r) => r.name === 'mf_catalog')!;
const CATALOG_VERSION = localVersion(catalog.dir);
/** The same build on another origin: the pull request's build, then what the compose moves to. */
const OTHER_ORIGIN = `http://127.0.0.1:${catalog.port}`;
const PR_MANIFEST = `${OTHER_ORIGIN}/mf-manifest.json`;
const FREE_MOVIE = 't-0001';

const children: ChildProcess[] = [];
let token = '';

const document = (environment: string, previews: boolean) => ({
  environment,
  api: E2E.apiUrl,
  shell: `${SHELL}/mf-manifest.json`,
  ...(previews ? { overrides: { allowedOrigins: [], previews: true } } : {}),
  remotes: Object.fromEntries(
    E2E.remotes.map((r) => [
      r.name,
      { manifest: `http://localhost:${r.port}/mf-manifest.json`, version: '>=0.0.0' },
    ]),
  ),
  services: {},
});

/** `npm run compose -- …` as the catalogue team's pipeline runs it. */
const compose = (...args: string[]) =>
  promisify(execFile)(
    process.execPath,
    [TSX, path.join(ROOT, 'delivery/src/compose.ts'), ...args],
    {
      env: { ...process.env, DELIVERY_URL: CONTROL_PLANE, DELIVERY_TOKEN: token },
    },
  );

/** A client-side navigation, as a link in the app makes it (no page load). */
const navigate = (page: Page, to: string) =>
  page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(path.join(work, 'seeds'), { recursive: true });
  writeFileSync(
    path.join(work, 'seeds', 'staging.json'),
    JSON.stringify(document('staging', true)),
  );
  writeFileSync(
    path.join(work, 'seeds', 'production.json'),
    JSON.stringify(document('production', false)),
  );
  children.push(
    spawn(process.execPath, [TSX, path.join(ROOT, 'delivery/src/control-plane/server.ts')], {
      stdio: 'ignore',
      env: {
        ...process.env,
        CONTROL_PLANE_PORT: String(E2E.previewControlPlanePort),
        CONTROL_PLANE_DATA_DIR: dataDir,
        CONTROL_PLANE_SEEDS: path.join(work, 'seeds'),
      },
    }),
  );
  await answers(`${CONTROL_PLANE}/v1/environments/staging`, { ok: true, timeoutMs: 60_000 });
  children.push(
    spawn(
      process.execPath,
      [
        ...[path.join(ROOT, 'shell/scripts/serve.mjs'), path.join(ROOT, 'shell/dist')],
        ...[String(E2E.previewShellPort), '--control-plane', CONTROL_PLANE],
        ...['--environment', 'staging', '--last-good', path.join(work, 'last-good.json')],
        ...['--poll-ms', '500'],
      ],
      { stdio: 'ignore' },
    ),
  );
  token = execFileSync(
    process.execPath,
    [TSX, path.join(ROOT, 'delivery/src/control-plane/cli.ts')].concat([
      'token',
      'create',
      '--team',
      catalog.team,
      '--data-dir',
      dataDir,
    ]),
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
  await answers(`${SHELL}/composition.json`, { ok: true, timeoutMs: 30_000 });
});

test.afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

/**
 * A link the control plane signed an hour ago for an hour: signed with its own key (read from its
 * database, as the control plane does), since no command makes a link that is already expired.
 */
function expiredLink(): string {
  const script = path.join(work, 'expired-link.ts');
  const cp = path.join(ROOT, 'delivery/src/control-plane');
  writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(`${cp}/database`)};
import { PreviewKeys } from ${JSON.stringify(`${cp}/preview-keys`)};
import { signPreview } from ${JSON.stringify(`${cp}/preview-token`)};
void (async () => {
  const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
  const { kid, key } = await new PreviewKeys(database.db).signing();
  const now = Math.floor(Date.now() / 1000);
  console.log(signPreview({ v: 1, kid, jti: 'expired', env: 'staging', remote: ${JSON.stringify(catalog.name)},
    manifest: ${JSON.stringify(PR_MANIFEST)}, version: '*', iat: now - 7200, exp: now - 3600 }, key));
  await database.close();
})();
`,
  );
  return execFileSync(process.execPath, [TSX, script], { encoding: 'utf8' }).trim();
}

test("a reviewer opens a signed link and sees the pull request's build in staging; altered, expired or in production it is refused", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const [{ stdout }, production] = await Promise.all([
    compose('staging', 'preview', catalog.name, PR_MANIFEST, '--ttl', '2h'),
    compose('production', 'preview', catalog.name, PR_MANIFEST).then(
      () => null,
      (err: { stderr: string }) => err,
    ),
  ]);
  // Production never signs, and says why.
  expect(production?.stderr).toContain('production never serves preview links');
  const link = stdout.trim().split('\n').at(-1)!;
  expect(link.startsWith(`${SHELL}/?preview=`)).toBe(true);

  await page.goto(link);
  const pill = page.getByTestId('override-pill');
  await expect(pill).toContainText(`${catalog.name} → ${PR_MANIFEST}`);
  await expect(pill).toContainText('preview link, this tab only');
  await expect(page).toHaveURL(`${SHELL}/`);
  await page.goto(`${SHELL}/versions`);
  await expect(versionsRow(page, catalog.name)).toContainText(PR_MANIFEST);
  await expect(versionsRow(page, catalog.name)).toContainText('passed');
  await expect(pill).toBeVisible();

  // Reset: this tab is back on the environment's build.
  await pill.getByRole('button', { name: 'Reset' }).click();
  await expect(pill).toBeHidden();
  await expect(versionsRow(page, catalog.name)).toContainText(
    `http://localhost:${catalog.port}/mf-manifest.json`,
  );

  // Another build or a longer life written into the link: the signature no longer matches.
  const token64 = new URL(link).searchParams.get('preview')!;
  const [body, signature] = token64.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp: number };
  const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 }));
  const refusedPage = await context.newPage();
  await refusedPage.goto(`${SHELL}/?preview=${forged.toString('base64url')}.${signature}`);
  await expect(refusedPage.getByRole('alert')).toContainText(
    'Preview link refused: This preview link was changed after it was signed',
  );
  await expect(refusedPage.getByTestId('override-pill')).toBeHidden();

  await refusedPage.goto(`${SHELL}/?preview=${expiredLink()}`);
  await expect(refusedPage.getByRole('alert')).toContainText(
    /Preview link refused: This preview link expired at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
  );
  await expect(refusedPage.getByTestId('override-pill')).toBeHidden();
});

test('an open tab keeps its build across a compose, and offers the new version at the next navigation, not during playback', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await waitForPlayableMedia(FREE_MOVIE);
  const versionChecks = () =>
    page.waitForResponse(
      (r) => r.url() === `${SHELL}/composition-versions.json` && r.status() === 200,
    );
  const firstCheck = versionChecks();
  await page.goto(`${SHELL}/skip-list`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await firstCheck;
  const firstCheckAt = Date.now();

  const { stdout } = await compose(
    'staging',
    'set',
    catalog.name,
    CATALOG_VERSION,
    '--manifest',
    PR_MANIFEST,
  );
  expect(stdout).toContain('at revision 2');
  await expect
    .poll(async () => (await page.request.get(`${SHELL}/composition-versions.json`)).text())
    .toContain(PR_MANIFEST);
  const fromNewBuild: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(OTHER_ORIGIN)) fromNewBuild.push(r.url());
  });

  // A navigation checks again once the last check is 5 s old (version-watch.ts).
  await expect.poll(() => Date.now() - firstCheckAt).toBeGreaterThan(5000);
  // Playback: the tab learns of the new version, and says nothing while the film plays.
  const learned = versionChecks();
  await navigate(page, `/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`);
  await expect(page.getByRole('heading', { level: 1, name: /Watch/ })).toBeVisible();
  expect(await (await learned).text()).toContain(PR_MANIFEST);
  const notice = page.getByRole('status').filter({ hasText: 'A new version is available' });
  await expect(notice).toBeHidden();

  // Another screen of the moved remote, never loaded before: from the build the tab started with.
  await navigate(page, '/skip-explore');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
  await expect(notice).toBeVisible();
  expect(fromNewBuild).toEqual([]);

  // Refresh: the new build.
  const newBuild = page.waitForRequest((r) => r.url().startsWith(OTHER_ORIGIN));
  await notice.getByRole('button', { name: 'Refresh' }).focus();
  await page.keyboard.press('Enter');
  await newBuild;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toBeHidden();
});
