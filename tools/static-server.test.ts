/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

let base: string;
let server: ChildProcess;
let origin: string;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'static-server-'));
  mkdirSync(path.join(base, 'dist'));
  mkdirSync(path.join(base, 'dist-private'));
  writeFileSync(
    path.join(base, 'dist', 'index.html'),
    '<html><head></head><body>shell</body></html>',
  );
  writeFileSync(path.join(base, 'dist-private', 'secret.txt'), 'do not serve');
  // Through the bin link, as every app's `serve` script starts it.
  server = spawn(process.execPath, [
    path.join(__dirname, '../node_modules/.bin/streamflix-static-server'),
    path.join(base, 'dist'),
    '0',
    '--spa',
  ]);
  origin = await new Promise<string>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      const m = /http:\/\/localhost:(\d+)/.exec(String(chunk));
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    server.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
  });
});
afterAll(() => {
  server.kill();
  rmSync(base, { recursive: true, force: true });
});

/** Raw paths, exactly as sent: fetch() would normalise the dot segments away. */
const get = (rawPath: string) =>
  new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request(`${origin}/`, { path: rawPath }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += String(c)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );

test('a sibling folder sharing the prefix cannot be read', async () => {
  for (const p of [
    '/..%2fdist-private/secret.txt',
    '/%2e%2e%2fdist-private%2fsecret.txt',
    '/../dist-private/secret.txt',
  ]) {
    const res = await get(p);
    expect(res.body).not.toContain('do not serve');
    expect(res.status).not.toBe(200);
  }
});

test('pages cannot be framed and send a referrer policy', async () => {
  const res = await get('/some/route');
  expect(res.status).toBe(200);
  expect(res.body).toContain('shell');
  expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});
