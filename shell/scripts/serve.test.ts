/** @jest-environment node */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import local from '../composition/local.json';
import { VIEWER_COOKIE, resolveArms } from './canary-arms.cjs';

let base: string;
let server: ChildProcess;
let origin: string;
let docFile: string;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'shell-host-'));
  const dist = path.join(base, 'dist');
  mkdirSync(dist);
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><script defer src="/main.0123abcd.js"></script></head><body>shell<div id="root"></div></body></html>',
  );
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
  expect(html).toContain('<body>shell<div id="root">');
  // The screen for a shell that cannot start (boot-failure.cjs), in <head> before any script.
  expect(html.indexOf('self.__sfBootFailed=fail')).toBeLessThan(html.indexOf('</head>'));
});

test("a watch link's HTML holds the shell's entry for the player's early engine, and has the video's stage after #root", async () => {
  const watch = await (await fetch(`${origin}/watch/t-9/t-9/0/0`)).text();
  expect(watch).not.toContain('<script defer src="/main.0123abcd.js">');
  expect(watch).toContain('s.src="/main.0123abcd.js"');
  expect(watch).toContain(
    `src="${new URL('early-engine.js', local.remotes.mf_player.manifest).href}"`,
  );
  expect(watch).toMatch(/<div id="root">.*<\/div><div id="sf-early-stage">/s);
  const other = await (await fetch(`${origin}/login`)).text();
  expect(other).toContain('<script defer src="/main.0123abcd.js"></script>');
  expect(other).not.toContain('sf-early-stage');
});

test("#root shows a loading screen until the app renders: a watch page's with the title's backdrop, a title page none of its own", async () => {
  const watch = await (await fetch(`${origin}/watch/t-9/t-9/0/0`)).text();
  expect(watch).toContain('<div class="sfw" aria-busy="true" data-screen-loading>');
  expect(watch).toContain(`i.src="${local.api}/v1/artwork/t-9/backdrop.svg"`);
  for (const page of ['/', '/my-list', '/skip-explore']) {
    const html = await (await fetch(`${origin}${page}`)).text();
    expect(html).toContain('<div id="root"><style>');
    expect(html).toContain('<div class="sfl" aria-busy="true" data-screen-loading>');
    expect(html).not.toContain('class="sfw"');
  }
  // The host's title pages put the title's own fallback there (title-pages.cjs); here the API
  // does not answer, so the plain loading screen, once.
  const title = await (await fetch(`${origin}/movie/movie/t-9`)).text();
  expect(title.match(/data-screen-loading/g)).toHaveLength(1);
  expect(title).not.toContain('class="sfw"');
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

test('a remote on canary: each viewer gets a cookie once, and the document and arms of its bucket', async () => {
  const player = local.remotes.mf_player;
  const canaryEntry = { manifest: `${player.manifest}?canary=1`, version: '9.9.9' };
  const doc = {
    ...local,
    remotes: {
      ...local.remotes,
      mf_player: {
        ...player,
        canary: { entry: canaryEntry, percent: 50, startedAt: '2026-11-27T12:00:00.000Z' },
      },
    },
  };
  writeFileSync(docFile, JSON.stringify(doc));
  try {
    // A first visit: the host gives the viewer its key, and the page is already that key's arm.
    const first = await fetch(`${origin}/watch/1/2/0/0`);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      new RegExp(
        `^${VIEWER_COOKIE}=[0-9a-f]{32}; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax$`,
      ),
    );
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const key = setCookie.slice(VIEWER_COOKIE.length + 1, setCookie.indexOf(';'));
    const expected = resolveArms(doc, key).arms.mf_player!.arm;
    expect(await first.text()).toContain(
      JSON.stringify(expected === 'canary' ? canaryEntry.manifest : player.manifest),
    );
    // Keys on either side of the boundary, as browsers would send them back.
    const keyOn = (arm: string) => {
      for (let i = 0; ; i++) {
        const k = `viewer-key-${String(i).padStart(6, '0')}`;
        if (resolveArms(doc, k).arms.mf_player!.arm === arm) return k;
      }
    };
    for (const arm of ['canary', 'stable']) {
      const cookie = `${VIEWER_COOKIE}=${keyOn(arm)}`;
      const page = await fetch(`${origin}/`, { headers: { cookie } });
      expect(page.headers.get('set-cookie')).toBeNull();
      const html = await page.text();
      const manifest = arm === 'canary' ? canaryEntry.manifest : player.manifest;
      expect(html).toContain(JSON.stringify(manifest));
      expect(html).not.toContain('"canary"');
      const served = await (
        await fetch(`${origin}/composition.json`, { headers: { cookie } })
      ).json();
      expect(served.remotes.mf_player.manifest).toBe(manifest);
      const source = await (
        await fetch(`${origin}/composition-source.json`, { headers: { cookie } })
      ).json();
      expect(source).toMatchObject({
        source: 'file',
        arms: {
          mf_player: { arm, percent: 50, canaryVersion: '9.9.9', stableVersion: player.version },
          mf_catalog: { arm: 'stable', version: local.remotes.mf_catalog.version },
        },
      });
    }
  } finally {
    writeFileSync(docFile, JSON.stringify(local));
  }
});
