import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { consoleNeedsBuild } from './console-build';
import { buildTestControlPlane } from './test/test-control-plane';

/** The console is a page of the control plane: its built files, or a clear word that they are missing. */
describe('the console page', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cp-console-'));
  });
  afterEach(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('serves the built page and its hashed files, and nothing outside them', async () => {
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(dir, 'assets', 'console.0123abcd.js'), 'console.log(1)');
    app = await buildTestControlPlane({ consoleDir: dir });
    for (const url of ['/console', '/console/']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(page.body).toContain('<title>console</title>');
    }
    const script = await app.inject({ url: '/console/assets/console.0123abcd.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.headers['cache-control']).toMatch(/immutable/);
    for (const url of [
      '/console/assets/missing.js',
      '/console/assets/..%2findex.html',
      '/console/assets/index.html',
    ])
      expect((await app.inject({ url })).statusCode).toBe(404);
    // Not part of the API's contract.
    const doc = (await app.inject({ url: '/v1/openapi.json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths).filter((p) => p.includes('console'))).toEqual([]);
  });

  test('says how to build it when the files are missing', async () => {
    app = await buildTestControlPlane({ consoleDir: path.join(dir, 'not-built') });
    const page = await app.inject({ url: '/console' });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build -w @streamflix/delivery');
    expect(consoleNeedsBuild(path.join(dir, 'not-built'))).toBe(true);
  });
});
