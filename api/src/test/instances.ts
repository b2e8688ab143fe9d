/**
 * API instances as separate processes (`src/server.ts`, as deployed) and a small round-robin proxy in
 * front of them, standing in for a load balancer. Used by the multi-instance test and the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require('../../scripts/postgres-server.cjs') as {
  freePort: () => Promise<number>;
};

const API_DIR = path.resolve(__dirname, '..', '..');

export interface Instance {
  name: string;
  url: string;
  /** The `msg` of every log line so far. */
  logs: string[];
  /** Resolves with the first log message matching, waiting up to timeoutMs. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
  /** Dies as a crash does (SIGKILL): no shutdown hooks, open connections simply drop. */
  kill(): Promise<void>;
}

export interface InstanceOptions {
  name: string;
  databaseUrl: string;
  dataDir: string;
  mediaDir: string;
  /** Shared by every instance, or a token signed by one is refused by the others. */
  jwtSecret: string;
  env?: Record<string, string>;
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      MEDIA_DIR: options.mediaDir,
      JWT_SECRET: options.jwtSecret,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      try {
        logs.push(String((JSON.parse(line) as { msg?: unknown }).msg ?? ''));
      } catch {
        logs.push(line);
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const waitForLog = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const hit = logs.find((l) => pattern.test(l));
        if (hit !== undefined) {
          done();
          resolve(hit);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(
            `${options.name}: no log matching ${pattern} within ${timeoutMs} ms\n${logs.join('\n')}\n${stderr}`,
          ),
        );
      }, timeoutMs);
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`${options.name} exited (${code}) before logging ${pattern}\n${stderr}`));
      };
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
        child.off('exit', onExit);
      };
      waiters.add(check);
      child.once('exit', onExit);
      check();
    });

  const instance: Instance = {
    name: options.name,
    url: `http://127.0.0.1:${port}`,
    logs,
    waitForLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    // Ready when it answers (the log may be quiet: LOG_LEVEL=warn).
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`${options.name} exited (${child.exitCode})\n${stderr}`);
      const ok = await fetch(`${instance.url}/v1/genres`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline)
        throw new Error(`${options.name} did not answer within 120 s\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await instance.stop();
    throw err;
  }
  return instance;
}

export interface RoundRobinProxy {
  url: string;
  /** Requests sent to each target, in the order of `targets`. */
  counts: number[];
  /** Where each request went (the target's index), in order: which instance holds a stream. */
  served: Array<{ target: number; path: string }>;
  close(): Promise<void>;
}

/**
 * Each request goes to the next target in turn; responses (event streams included) are piped back.
 * Like a load balancer's passive health check (nginx's `proxy_next_upstream error` and `max_fails`), a
 * target that refuses the connection is skipped for `downForMs` and the request, which it never saw,
 * goes to the next one. A request a target dies in the middle of gets a 502 without an API body (the
 * web client retries what is safe to retry), and an event stream it held is cut, as a real one is.
 */
export async function startRoundRobinProxy(
  targets: string[],
  options: { downForMs?: number } = {},
): Promise<RoundRobinProxy> {
  const downForMs = options.downForMs ?? 10_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const counts = targets.map(() => 0);
  const served: RoundRobinProxy['served'] = [];
  const downUntil = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    // The body is buffered so that a refused request can be sent again to another target.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(Buffer.concat(chunks), 0));

    const forward = (body: Buffer, tried: number) => {
      let i = next++ % targets.length;
      for (let k = 0; k < targets.length && downUntil[i]! > Date.now(); k++)
        i = next++ % targets.length;
      counts[i]! += 1;
      served.push({ target: i, path: req.url ?? '' });
      const upstream = http.request(
        `${targets[i]}${req.url}`,
        { method: req.method, headers: req.headers, agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          // The target died mid-answer: the client's connection is cut too, not left hanging.
          answer.on('aborted', () => res.destroy());
          answer.on('error', () => res.destroy());
        },
      );
      // The client went away (a closed tab, an EventSource closed): so does its upstream request.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (res.destroyed) return;
        if (err.code === 'ECONNREFUSED') {
          downUntil[i] = Date.now() + downForMs;
          if (tried + 1 < targets.length) return forward(body, tried + 1);
        }
        if (res.headersSent) return res.destroy();
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('upstream failed');
      });
      upstream.end(body);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
