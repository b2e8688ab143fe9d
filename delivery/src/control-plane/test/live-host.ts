import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const SERVE = path.resolve(__dirname, '../../../../shell/scripts/serve.mjs');

/**
 * The shell's host (shell/scripts/serve.mjs) serving `dist`, live from `controlPlane`'s staging
 * environment (polled every 200 ms, its last good copy in `lastGood`), on a free port. `origin`
 * resolves to its address once it listens, and rejects if it exits first.
 */
export function startLiveHost(
  dist: string,
  controlPlane: string,
  lastGood: string,
): { host: ChildProcess; origin: Promise<string> } {
  const host = spawn(process.execPath, [
    ...[SERVE, dist, '0', '--control-plane', controlPlane, '--environment', 'staging'],
    ...['--last-good', lastGood, '--poll-ms', '200'],
  ]);
  const origin = new Promise<string>((resolve, reject) => {
    host.stdout!.on('data', (chunk: Buffer) => {
      const m = /http:\/\/localhost:(\d+)/.exec(String(chunk));
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    host.once('exit', (code) => reject(new Error(`shell host exited (${code})`)));
  });
  return { host, origin };
}
