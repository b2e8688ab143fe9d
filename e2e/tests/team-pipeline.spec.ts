import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from './support/env';
import { versionsRow } from './support/delivery';
import { answers, localVersion, servedEntry } from './support/local-builds';

/**
 * Issue 33's "done when", as a team's pipeline runs it: a control plane of its own (throwaway SQLite,
 * folder build store served at its /builds) holding `staging`, and a shell host reading `staging` from
 * it live. An operator makes the player team a token; with only that token and DELIVERY_URL, the
 * team's pipeline deploys mf_player (uploaded into the control plane's store) and composes it into
 * staging; the next page load serves the uploaded build; the token cannot move another team's remote;
 * the audit says who moved mf_player, when, from which version; a rollback restores what ran before.
 */

const ROOT = path.resolve(__dirname, '../..');
const CP = `http://localhost:${E2E.teamControlPlanePort}`;
const SHELL = `http://localhost:${E2E.teamShellPort}`;
const BUILDS = `${CP}/builds`;
const work = path.join(os.tmpdir(), `streamflix-team-pipeline-e2e-${E2E.teamControlPlanePort}`);
const dataDir = path.join(work, 'control-plane');
const FREE_MOVIE = 't-0001';
const WATCH = `${SHELL}/watch/${FREE_MOVIE}/${FREE_MOVIE}/0/0`;

const remoteOf = (name: string) => E2E.remotes.find((r) => r.name === name)!;
const player = remoteOf('mf_player');
const catalog = remoteOf('mf_catalog');
/** What staging is seeded with: each remote as the e2e web server serves it. */
const served = (name: string) => servedEntry(name);
/** A pre-release of the work tree, as a pull request's pipeline publishes it (allowed from any tree). */
const RELEASE = `${localVersion(player.dir).replace(/-.*$/, '')}-e2e.${Date.now()}`;
const RELEASED_MANIFEST = `${BUILDS}/${player.dir}/${RELEASE}/mf-manifest.json`;

/** The variables that would tell a CLI where the control plane's data or store is: none of them. */
const operatorOnly = /^(CONTROL_PLANE_|DELIVERY_|DEPLOY_STORE$|AWS_)/;
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !operatorOnly.test(k)),
) as NodeJS.ProcessEnv;
let token = '';
/** A team's pipeline: only the control plane's URL and the team's token. */
const pipelineEnv = () => ({ ...cleanEnv, DELIVERY_URL: CP, DELIVERY_TOKEN: token });

const children: ChildProcess[] = [];
const run = promisify(execFile);

/** `npm run <script> -- <args>` from the repository root, as a pipeline step runs it. */
async function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function api<T>(route: string): Promise<T> {
  const res = await fetch(`${CP}/v1${route}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, `GET /v1${route}`).toBe(200);
  return (await res.json()) as T;
}

interface Environment {
  revision: number;
  document: { remotes: Record<string, { manifest: string; version: string }> };
}
interface AuditRow {
  at: string;
  remote: string;
  action: string;
  outcome: string;
  team: string | null;
  tokenId: string;
  fromVersion: string | null;
  toVersion: string | null;
  from: { manifest: string } | null;
  to: { manifest: string } | null;
  message: string | null;
}

/** The document the host inlines into a fresh page load (the HTML as the browser gets it). */
async function inlinedDocument(page: Page): Promise<string> {
  const html = await (await page.request.get(`${SHELL}/versions`)).text();
  return (
    /<script id="sf-composition" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? ''
  );
}

/** A new load of the player's screen: it mounts, and the remote entry it ran came from `base`. */
async function playerMountsFrom(page: Page, base: string) {
  const entries: string[] = [];
  const onRequest = (r: { url: () => string }) => {
    if (/\/remoteEntry\.js(\?|$)/.test(r.url())) entries.push(r.url());
  };
  page.on('request', onRequest);
  await page.goto(WATCH);
  await expect(page.getByRole('heading', { level: 1, name: /Watch/ })).toBeVisible();
  page.off('request', onRequest);
  const playerEntries = entries.filter(
    (u) => u.includes(`/${player.dir}/`) || u.includes(`:${player.port}/`),
  );
  expect(playerEntries, `the player's remote entry (requests: ${entries.join(', ')})`).toEqual([
    `${base}/remoteEntry.js`,
  ]);
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
      // A CDN the pipeline never deployed to: `compose set <remote> <version>` finds the version it
      // deployed through the control plane (GET /v1/remotes/{remote}/versions), not here.
      store: 'https://cdn.streamflix.example',
      remotes: Object.fromEntries(E2E.remotes.map((r) => [r.name, served(r.name)])),
      services: {},
    }),
  );
  children.push(
    spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'delivery/src/control-plane/server.ts'],
      {
        cwd: ROOT,
        stdio: 'ignore',
        env: {
          ...cleanEnv,
          CONTROL_PLANE_PORT: String(E2E.teamControlPlanePort),
          CONTROL_PLANE_DATA_DIR: dataDir,
          CONTROL_PLANE_SEEDS: path.join(work, 'seeds'),
          DELIVERY_STORE_DIR: path.join(work, 'builds'),
        },
      },
    ),
  );
  await answers(`${CP}/v1/environments/staging`, { ok: true, timeoutMs: 120_000 });
  children.push(
    spawn(
      process.execPath,
      [
        path.join(ROOT, 'shell/scripts/serve.mjs'),
        path.join(ROOT, 'shell/dist'),
        String(E2E.teamShellPort),
        '--control-plane',
        CP,
        '--environment',
        'staging',
        '--last-good',
        path.join(work, 'last-good.json'),
      ],
      { stdio: 'ignore', env: cleanEnv },
    ),
  );
  await answers(`${SHELL}/composition.json`, { ok: true, timeoutMs: 120_000 });
});

test.afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

test("a team's pipeline deploys and composes its remote with its token alone, cannot move another team's, is audited and rolls back", async ({
  page,
}) => {
  // The deploy builds mf-player (minutes on a loaded machine).
  test.setTimeout(10 * 60_000);

  // 2. The operator (on the control plane's machine) makes the player team a token.
  const created = await npmRun('delivery', ['token', 'create', '--team', player.team], {
    ...cleanEnv,
    CONTROL_PLANE_DATA_DIR: dataDir,
  });
  expect(created.code, created.stderr).toBe(0);
  token = created.stdout.trim();
  expect(token).toMatch(/^\S+$/);
  const session = await api<{ tokenId: string; team: string }>('/session');
  expect(session.team).toBe(player.team);

  // 3. The team's pipeline, with DELIVERY_URL and DELIVERY_TOKEN only: deploy, then compose.
  const deployed = await npmRun('deploy', [player.dir, '--version', RELEASE], pipelineEnv());
  expect(deployed.code, `${deployed.stdout}\n${deployed.stderr}`).toBe(0);
  expect(deployed.stdout).toContain(`deploy: published ${RELEASED_MANIFEST}`);
  const listed = await api<{ items: Array<{ version: string; manifest: string }> }>(
    `/remotes/${player.name}/versions`,
  );
  expect(listed.items).toContainEqual(
    expect.objectContaining({ version: RELEASE, manifest: RELEASED_MANIFEST }),
  );

  const before = await api<Environment>('/environments/staging');
  const composed = await npmRun('compose', ['staging', 'set', player.name, RELEASE], pipelineEnv());
  const composedAt = Date.now();
  expect(composed.code, `${composed.stdout}\n${composed.stderr}`).toBe(0);
  expect(composed.stdout).toMatch(/passed/);
  expect(composed.stdout).toContain(
    `staging: ${player.name} is now ${RELEASE} (${RELEASED_MANIFEST}) at revision ${before.revision + 1}`,
  );

  // 4. Within 5 s a new page load of the staging shell serves the uploaded build.
  await expect
    .poll(() => inlinedDocument(page), { timeout: 5000, intervals: [250] })
    .toContain(RELEASED_MANIFEST);
  expect(Date.now() - composedAt).toBeLessThan(5000);
  await page.goto(`${SHELL}/versions`);
  await expect(versionsRow(page, player.name)).toContainText(RELEASE);
  await expect(versionsRow(page, player.name)).toContainText(RELEASED_MANIFEST);
  await expect(versionsRow(page, player.name)).toContainText('passed');
  await playerMountsFrom(page, `${BUILDS}/${player.dir}/${RELEASE}`);

  // 5. The same token cannot move another team's remote; staging stays as it was.
  const moved = await api<Environment>('/environments/staging');
  const refused = await npmRun(
    'compose',
    [
      'staging',
      'set',
      catalog.name,
      served(catalog.name).version.slice(1),
      '--manifest',
      served(catalog.name).manifest,
    ],
    pipelineEnv(),
  );
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`${catalog.name} is owned by team ${catalog.team}`);
  const after = await api<Environment>('/environments/staging');
  expect(after.revision).toBe(moved.revision);
  expect(after.document.remotes).toEqual(moved.document.remotes);

  // 6. Who moved mf_player in staging, when, from which version: the audit (and `compose show`).
  const { items } = await api<{ items: AuditRow[] }>(
    `/audit?environment=staging&remote=${player.name}`,
  );
  const move = items.find((row) => row.outcome === 'applied' && row.action === 'set')!;
  expect(move).toMatchObject({
    team: player.team,
    tokenId: session.tokenId,
    fromVersion: served(player.name).version,
    toVersion: RELEASE,
    from: expect.objectContaining({ manifest: served(player.name).manifest }),
    to: expect.objectContaining({ manifest: RELEASED_MANIFEST }),
  });
  expect(Math.abs(Date.parse(move.at) - composedAt)).toBeLessThan(60_000);
  const refusal = (
    await api<{ items: AuditRow[] }>(`/audit?environment=staging&remote=${catalog.name}`)
  ).items.find((row) => row.outcome === 'refused');
  expect(refusal).toMatchObject({ team: player.team, tokenId: session.tokenId });
  expect(refusal!.message).toContain(`owned by team ${catalog.team}`);
  const shown = await npmRun('compose', ['staging', 'show'], pipelineEnv());
  expect(shown.code, shown.stderr).toBe(0);
  expect(shown.stdout).toContain(
    `set ${player.name} ${served(player.name).version} → ${RELEASE} by team ${player.team} (${session.tokenId})`,
  );

  // 7. The pipeline rolls back: the previous entry returns, and a new page load serves it.
  const rolledBack = await npmRun('compose', ['staging', 'rollback', player.name], pipelineEnv());
  const rolledBackAt = Date.now();
  expect(rolledBack.code, `${rolledBack.stdout}\n${rolledBack.stderr}`).toBe(0);
  const restored = await api<Environment>('/environments/staging');
  expect(restored.document.remotes[player.name]).toMatchObject(served(player.name));
  await expect
    .poll(() => inlinedDocument(page), { timeout: 5000, intervals: [250] })
    .not.toContain(RELEASED_MANIFEST);
  expect(Date.now() - rolledBackAt).toBeLessThan(5000);
  await page.goto(`${SHELL}/versions`);
  await expect(versionsRow(page, player.name)).toContainText(served(player.name).manifest);
  await expect(versionsRow(page, player.name)).not.toContainText(RELEASE);
  await playerMountsFrom(page, `http://localhost:${player.port}`);
  const latest = (
    await api<{ items: AuditRow[] }>(`/audit?environment=staging&remote=${player.name}`)
  ).items[0]!;
  expect(latest).toMatchObject({
    action: 'rollback',
    team: player.team,
    fromVersion: RELEASE,
    toVersion: served(player.name).version,
  });
});
