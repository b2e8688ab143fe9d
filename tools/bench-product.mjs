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
