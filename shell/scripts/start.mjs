#!/usr/bin/env node
/**
 * Runs the whole product on one machine, each part on its own port as separate
 * deployments would be: the API, the shell, every remote of remotes.json, and the delivery
 * control plane. The control plane's `local` environment is seeded from the ports in use (and
 * set back to them when they moved, delivery/src/control-plane/local-environment.ts); the shell's
 * host reads `local` from it live, as staging's host reads staging.
 *
 *   node shell/scripts/start.mjs            build what is missing, then serve the builds
 *   node shell/scripts/start.mjs --dev      live reload (rspack dev servers + tsx watch)
 *   options: --no-build   --control-port <n> (test-only endpoint to stop/start a remote)
 *   env: SHELL_PORT, each remote's port variable (remotes.json `portEnv`), API_PORT, DATA_DIR,
 *        CONTROL_PLANE_PORT (4500; shell port + 90 on other ports), CONTROL_PLANE_DATA_DIR
 *        (delivery/data/control-plane on the default ports, else control-plane-<shell>-<api>),
 *        CONTROL_PLANE_URL (use that control plane instead of starting one),
 *        COMPOSITION_FILE (serve this document instead of the control plane's `local`)
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import remotes from '@streamflix/tools/remotes';
import { startStaticServer } from '@streamflix/tools/static-server';
import { startShellServer } from './serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const dev = args.includes('--dev');
const noBuild = args.includes('--no-build');
const controlIdx = args.indexOf('--control-port');
const controlPort = controlIdx >= 0 ? Number(args[controlIdx + 1]) : undefined;
const env = process.env;

// The shell, then every remote of remotes.json (its `portEnv` moves its port), then the API.
const { apps, ports } = remotes.productApps(env);
const DEFAULT_SHELL_PORT = 3000;
// A copy of the product on shifted ports (the browser tests, a benchmark) gets its control plane
// beside them (shell port + 90), so it never meets a developer's `npm start` on 4500.
const controlPlanePort = Number(
  env.CONTROL_PLANE_PORT ?? (ports.shell === DEFAULT_SHELL_PORT ? 4500 : ports.shell + 90),
);
const controlPlaneUrl = (env.CONTROL_PLANE_URL ?? `http://localhost:${controlPlanePort}`).replace(
  /\/+$/,
  '',
);
const ENVIRONMENT = 'local';
const children = [];
const log = (msg) => console.log(`[start] ${msg}`);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** An app needs a build when it has none, or its sources (or shared's, or the base config) are newer. */
function needsBuild(app) {
  const marker = path.join(
    root,
    app.dir,
    'dist',
    app.name === 'shell' ? 'index.html' : 'mf-manifest.json',
  );
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  const inputs = [path.join(root, app.dir, 'src'), path.join(root, 'shared/src')];
  return (
    inputs.some((d) => newestMtime(d) > built) ||
    statSync(path.join(root, 'rspack.config.base.ts')).mtimeMs > built
  );
}

function build(app) {
  log(`building ${app.dir}…`);
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'), 'build'],
    {
      cwd: path.join(root, app.dir),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...env, NODE_ENV: 'production' },
    },
  );
  if (r.status !== 0) throw new Error(`${app.dir} failed to build`);
}

/** The version a local build of an app carries: its package.json's (a release, or after one). */
const versionOf = (app) =>
  JSON.parse(readFileSync(path.join(root, app.dir, 'package.json'), 'utf8')).version;

function compositionDocument() {
  const host = 'http://localhost';
  return {
    environment: 'local',
    api: `${host}:${ports.api}`,
    remotes: Object.fromEntries(
      apps
        .filter((a) => a.name !== 'shell')
        .map((a) => [
          a.name,
          { manifest: `${host}:${ports[a.name]}/mf-manifest.json`, version: `^${versionOf(a)}` },
        ]),
    ),
    services: {},
  };
}

function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing answered on port ${port}`));
        else setTimeout(attempt, 250);
      });
    };
    attempt();
  });
}

function run(label, cmd, cmdArgs, opts) {
  const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const prefix = (chunk) =>
    String(chunk)
      .split('\n')
      .filter(Boolean)
      .forEach((line) => console.log(`[${label}] ${line}`));
  child.stdout.on('data', prefix);
  child.stderr.on('data', prefix);
  child.on('exit', (code, signal) => {
    if (!shuttingDown) log(`${label} exited (${signal ?? code})`);
  });
  children.push(child);
  return child;
}

function startApi() {
  const dataDir = env.DATA_DIR ?? path.join(root, 'api/data');
  mkdirSync(dataDir, { recursive: true });
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  const entry = path.join(root, 'api/src/server.ts');
  if (!existsSync(entry)) {
    log('api/src/server.ts is missing: the API is not started');
    return null;
  }
  return run('api', process.execPath, [tsx, ...(dev ? ['watch'] : []), entry], {
    cwd: path.join(root, 'api'),
    env: {
      ...env,
      PORT: String(ports.api),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Local runs read emails (verification and reset codes) from the outbox; loopback only.
      DEV_ROUTES: env.DEV_ROUTES ?? '1',
      ...(dev ? { NODE_ENV: 'development' } : {}),
      CORS_ORIGINS:
        env.CORS_ORIGINS ?? `http://localhost:${ports.shell},http://127.0.0.1:${ports.shell}`,
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${ports.api}`,
    },
  });
}

/**
 * The delivery control plane, on its own database per port set: two copies of the product on one
 * machine (a browser-test run beside `npm start`) must not set each other's `local` back.
 */
// `local` names the API's and the remotes' ports: another port set keeps its own database.
const controlPlaneDataDir =
  env.CONTROL_PLANE_DATA_DIR ??
  (ports.shell === DEFAULT_SHELL_PORT && ports.api === 4000
    ? undefined
    : path.join(root, 'delivery/data', `control-plane-${ports.shell}-${ports.api}`));

function startControlPlane(localDocumentFile) {
  const dataDir = controlPlaneDataDir;
  const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
  return run(
    'control-plane',
    process.execPath,
    [tsx, path.join(root, 'delivery/src/control-plane/server.ts')],
    {
      cwd: path.join(root, 'delivery'),
      env: {
        ...env,
        CONTROL_PLANE_PORT: String(controlPlanePort),
        ...(dataDir ? { CONTROL_PLANE_DATA_DIR: dataDir } : {}),
        CONTROL_PLANE_LOCAL_DOCUMENT: localDocumentFile,
      },
    },
  );
}

/** Resolves when the control plane answers for `local` (false after `timeoutMs`). */
async function controlPlaneAnswers(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${controlPlaneUrl}/v1/environments/${ENVIRONMENT}`, {
      signal: AbortSignal.timeout(1000),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

let shuttingDown = false;
const servers = new Map();

/** The shell's host reads `local` from the control plane, or COMPOSITION_FILE when given. */
/**
 * The shell host's last good copy of `local`, per port set. This script seeds `local` from the
 * ports at every start, so a copy from an earlier start (other versions) is never right: it is
 * removed, and a control plane slow to start (a loaded machine) cannot make the host serve it.
 */
const lastGoodFile =
  env.SHELL_LAST_GOOD_FILE ??
  path.join(
    controlPlaneDataDir ?? path.join(root, 'delivery/data'),
    `shell-last-good-${ENVIRONMENT}.json`,
  );
if (!env.SHELL_LAST_GOOD_FILE && !env.CONTROL_PLANE_URL) rmSync(lastGoodFile, { force: true });
const shellSource = () =>
  env.COMPOSITION_FILE
    ? { composition: env.COMPOSITION_FILE }
    : { controlPlane: controlPlaneUrl, environment: ENVIRONMENT, lastGoodFile };

async function serveBuilds(controlPlaneUp) {
  for (const app of apps) {
    const dir = path.join(root, app.dir, 'dist');
    if (app.name === 'shell') continue;
    servers.set(app.name, await startStaticServer({ dir, port: ports[app.name] }));
  }
  if (!(await controlPlaneUp) && !env.COMPOSITION_FILE)
    log(`the control plane at ${controlPlaneUrl} does not answer: the shell serves its last copy`);
  servers.set(
    'shell',
    await startShellServer({
      dir: path.join(root, 'shell/dist'),
      port: ports.shell,
      ...shellSource(),
    }),
  );
}

/** Test-only: stop or restart one remote's server, as an outage would. */
function startControl(port) {
  const server = createServer(async (req, res) => {
    const m = /^\/(stop|start)\/(mf_\w+)$/.exec(req.url ?? '');
    const app = m && apps.find((a) => a.name === m[2]);
    if (!m || !app || req.method !== 'POST') {
      res.writeHead(404);
      return res.end();
    }
    const existing = servers.get(app.name);
    if (m[1] === 'stop' && existing) {
      await new Promise((r) => {
        existing.close(r);
        existing.closeAllConnections();
      });
      servers.delete(app.name);
    } else if (m[1] === 'start' && !existing) {
      servers.set(
        app.name,
        await startStaticServer({ dir: path.join(root, app.dir, 'dist'), port: ports[app.name] }),
      );
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ [app.name]: servers.has(app.name) ? 'up' : 'down' }));
  });
  server.listen(port, '127.0.0.1');
}

async function main() {
  // What this checkout serves: the seed of the control plane's `local` (and the dev servers').
  const localDocumentFile = path.join(os.tmpdir(), `streamflix-composition-${ports.shell}.json`);
  writeFileSync(localDocumentFile, JSON.stringify(compositionDocument(), null, 2));
  const compositionFile = env.COMPOSITION_FILE ?? localDocumentFile;

  if (!env.CONTROL_PLANE_URL) startControlPlane(localDocumentFile);
  const controlPlaneUp = controlPlaneAnswers(60_000);
  const api = startApi();

  if (dev) {
    for (const app of apps) {
      run(
        app.dir,
        process.execPath,
        [
          path.join(root, 'node_modules/@rspack/cli/bin/rspack.js'),
          'dev',
          '--port',
          String(ports[app.name]),
        ],
        {
          cwd: path.join(root, app.dir),
          env: {
            ...env,
            NODE_ENV: 'development',
            // The shell's dev server asks the control plane, and reads the file while it is down.
            COMPOSITION_FILE: compositionFile,
            ...(env.COMPOSITION_FILE
              ? {}
              : { CONTROL_PLANE_URL: controlPlaneUrl, COMPOSITION_ENV: ENVIRONMENT }),
          },
        },
      );
    }
  } else {
    if (!noBuild) for (const app of apps) if (needsBuild(app)) build(app);
    await serveBuilds(controlPlaneUp);
  }
  if (controlPort) startControl(controlPort);

  await Promise.all(apps.map((a) => waitForPort(ports[a.name], 120_000)));
  if (api) await waitForPort(ports.api, 180_000).catch((e) => log(`API: ${e.message}`));
  const controlPlaneReady = await controlPlaneUp;

  console.log('');
  log(`API        http://localhost:${ports.api}/v1`);
  log(
    `control plane ${controlPlaneUrl}/v1${controlPlaneReady ? '' : ' (not answering)'}` +
      (env.COMPOSITION_FILE ? '' : ` · the shell reads its environment "${ENVIRONMENT}"`),
  );
  if (!env.CONTROL_PLANE_URL)
    log(
      `  a token to compose ${ENVIRONMENT}: npm run -s delivery -- token create --env-owner ${ENVIRONMENT}` +
        (controlPlaneDataDir
          ? ` --data-dir ${path.relative(process.cwd(), controlPlaneDataDir)}`
          : ''),
    );
  for (const app of apps.slice(1))
    log(`${app.dir.padEnd(10)} http://localhost:${ports[app.name]}/mf-manifest.json`);
  console.log('');
  log(`Streamflix is ready: open http://localhost:${ports.shell}`);
}

function shutdown() {
  shuttingDown = true;
  for (const c of children) c.kill('SIGTERM');
  for (const s of servers.values()) s.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

main().catch((err) => {
  console.error(`[start] ${err.message}`);
  shutdown();
  process.exitCode = 1;
});
