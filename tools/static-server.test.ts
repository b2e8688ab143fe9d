/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
  writeFileSync(path.join(base, 'dist', 'app.0123abcd.js'), BUNDLE);
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

const BUNDLE = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;

/** The body as it came over the wire, with its encoding. */
const getEncoded = (rawPath: string, acceptEncoding: string) =>
  new Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request(
        `${origin}/`,
        { path: rawPath, headers: { 'accept-encoding': acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks),
              headers: res.headers,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );

/** Brotli is made in the background: the first responses may still be gzip. */
async function untilBrotli(rawPath: string) {
  for (let i = 0; i < 100; i++) {
    const res = await getEncoded(rawPath, 'gzip, deflate, br');
    if (res.headers['content-encoding'] === 'br') return res;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${rawPath} was never served with brotli`);
}

test('assets go out brotli-compressed to browsers that accept it, gzip to others, as they are to the rest', async () => {
  const br = await untilBrotli('/app.0123abcd.js');
  expect(br.status).toBe(200);
  expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE);
  expect(Number(br.headers['content-length'])).toBe(br.body.length);
  expect(br.headers['vary']).toBe('Accept-Encoding');
  expect(br.headers['cache-control']).toMatch(/immutable/);

  const gz = await getEncoded('/app.0123abcd.js', 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);
  expect(br.body.length).toBeLessThan(gz.body.length);

  const plain = await getEncoded('/app.0123abcd.js', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(BUNDLE);
});

test('a file replaced in place is never served from its old compressed copy', async () => {
  const file = path.join(base, 'dist', 'mf-manifest.json');
  writeFileSync(file, JSON.stringify({ version: 'one', padding: 'x'.repeat(500) }));
  await untilBrotli('/mf-manifest.json');
  writeFileSync(file, JSON.stringify({ version: 'two', padding: 'y'.repeat(900) }));
  const next = await getEncoded('/mf-manifest.json', 'gzip, deflate, br');
  const text =
    next.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(next.body).toString()
      : gunzipSync(next.body).toString();
  expect(JSON.parse(text).version).toBe('two');
  expect(
    JSON.parse(brotliDecompressSync((await untilBrotli('/mf-manifest.json')).body).toString())
      .version,
  ).toBe('two');
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
