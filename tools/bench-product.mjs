/**
 * Starting the built product for a benchmark script (the player's first-frame bench, the
 * shell's Lighthouse bench), so each bench runs against its own copy on spare ports and
 * never against a product someone else is using.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import remotes from './remotes.cjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Resolves once `url` answers below 500 (the API says 503 while it seeds); throws after `ms`. */
export async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * `shell/scripts/start.mjs --no-build`: the shell on `shellPort` and each remote of remotes.json
 * on the ports after it, the API on `apiPort` (each overridable by its usual env variable), with
 * its own data directory; stopped when this process exits.
 */
export function startProduct({ shellPort, apiPort, dataDir }) {
  const env = (name, fallback) => Number(process.env[name] ?? fallback);
  const spare = { ...remotes.portsAfter(shellPort).env, API_PORT: String(apiPort) };
  const ports = Object.fromEntries(Object.entries(spare).map(([k, v]) => [k, env(k, v)]));
  const server = spawn(
    process.execPath,
    [path.join(root, 'shell/scripts/start.mjs'), '--no-build'],
    {
      cwd: root,
      env: {
        ...process.env,
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
        DATA_DIR: process.env.DATA_DIR ?? dataDir,
        MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(root, 'api/data/media'),
      },
      stdio: 'ignore',
    },
  );
  process.on('exit', () => server.kill());
  return {
    base: `http://localhost:${ports.SHELL_PORT}`,
    apiUrl: `http://localhost:${ports.API_PORT}`,
  };
}

/**
 * A new signed-in viewer of the API at `api` (one profile), registered through its sign-up and the
 * local outbox (the API needs DEV_ROUTES=1): the browser storage a bench writes first (set-up, not
 * what is measured), as the web app keeps it.
 */
export async function newViewerStorage(api, name = 'Bench') {
  const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
  const password = 'Correct-horse-9';
  const post = (url, body) =>
    fetch(`${api}/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const started = await post('/auth/register', { name, email, password, country: 'US' });
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = await fetch(`${api}/v1/dev/outbox?email=${encodeURIComponent(email)}`).then(
      (r) => r.json(),
    );
    code = outbox.data?.messages?.find((m) => m.kind === 'sign-up-code')?.code;
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no sign-up code for ${email}: the API needs DEV_ROUTES=1`);
  const done = await post('/auth/register/verify', { signUpId: started.data.signUpId, code });
  const { tokens, user } = done.data;
  return {
    token: JSON.stringify({ token: tokens.access }),
    refresh: tokens.refresh,
    user: JSON.stringify(user),
  };
}
