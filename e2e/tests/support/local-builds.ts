import { readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E } from './env';

const ROOT = path.resolve(__dirname, '../../..');

/**
 * Waits until a server the test started answers `url`: any answer by default (a store's root is a
 * 404, and that is an answer), or a 2xx with `ok`.
 */
export async function answers(url: string, options: { timeoutMs?: number; ok?: boolean } = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const answered = await fetch(url).then(
      (r) => !options.ok || r.ok,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${url} never answered`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The version this checkout's workspace carries (its package.json). */
export const localVersion = (dir: string): string =>
  (JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version: string })
    .version;

/** A remote of remotes.json as the browser tests' web server serves it: its composition entry. */
export function servedEntry(name: string, query = '') {
  const remote = E2E.remotes.find((r) => r.name === name)!;
  return {
    manifest: `http://localhost:${remote.port}/mf-manifest.json${query}`,
    version: `^${localVersion(remote.dir)}`,
  };
}
