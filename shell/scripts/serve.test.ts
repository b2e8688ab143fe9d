/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import local from '../composition/local.json';

let base: string;
let server: ChildProcess;
let origin: string;
let docFile: string;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'shell-host-'));
  const dist = path.join(base, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body>shell</body></html>');
  writeFileSync(
    path.join(dist, 'route-remotes.json'),
    JSON.stringify({
      loggedIn: [['/watch/:id/:movieid/:seasonId/:episodeId', 'mf_player', 'Watch']],
      loggedOut: [],
    }),
  );
  docFile = path.join(base, 'composition.json');
  writeFileSync(docFile, JSON.stringify(local));
  server = spawn(process.execPath, [
    path.join(__dirname, 'serve.mjs'),
    dist,
    '0',
    '--composition',
    docFile,
  ]);
  origin = await new Promise<string>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      const m = /http:\/\/localhost:(\d+)/.exec(String(chunk));
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    server.once('exit', (code) => reject(new Error(`shell host exited (${code})`)));
  });
});
afterAll(() => {
  server.kill();
  rmSync(base, { recursive: true, force: true });
});

test('serves the environment document as it is on disk, without a restart', async () => {
  let res = await fetch(`${origin}/composition.json`);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  expect((await res.json()).environment).toBe(local.environment);
  writeFileSync(docFile, JSON.stringify({ ...local, environment: 'rewritten' }));
  res = await fetch(`${origin}/composition.json`);
  expect((await res.json()).environment).toBe('rewritten');
  writeFileSync(docFile, JSON.stringify(local));
});

test('inlines the document and the early manifest request into every page', async () => {
  const html = await (await fetch(`${origin}/watch/1/2/0/0`)).text();
  expect(html).toContain('<script id="sf-composition" type="application/json">');
  expect(html).toContain(JSON.stringify(local.remotes.mf_player.manifest));
  expect(html).toMatch(/__sfEarlyManifest/);
  expect(html).toContain('<body>shell</body>');
});

test('answers no push worker for a document without Firebase, and a corrupt document with 404s', async () => {
  expect((await fetch(`${origin}/firebase-messaging-sw.js`)).status).toBe(404);
  const saved = readFileSync(docFile);
  writeFileSync(docFile, '{ not json');
  const page = await (await fetch(`${origin}/`)).text();
  expect(page).not.toContain('sf-composition');
  writeFileSync(docFile, saved);
  rmSync(docFile);
  expect((await fetch(`${origin}/composition.json`)).status).toBe(404);
  writeFileSync(docFile, saved);
});
