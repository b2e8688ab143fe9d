import { readdirSync } from 'node:fs';
import path from 'node:path';
import { remoteRoutes } from '../remote-routes';
import * as lifecycles from './lifecycles';

const pascal = (file: string) =>
  file.replace(/\.tsx?$/, '').replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

it('exposes a screen component for every route it answers, and nothing unrouted', async () => {
  const files = readdirSync(__dirname).filter((f) => /\.tsx$/.test(f) && f !== 'lifecycles.tsx');
  expect(files.map(pascal).sort()).toEqual(remoteRoutes.map((r) => r.name).sort());
  for (const route of remoteRoutes) {
    const mod = await route.load();
    expect(typeof mod.default).toBe('function');
  }
  expect(path.basename(path.dirname(__dirname))).toBe('src');
});

it('exports single-spa lifecycles for isolated mounting', () => {
  expect(typeof lifecycles.bootstrap).toBe('function');
  expect(typeof lifecycles.mount).toBe('function');
  expect(typeof lifecycles.unmount).toBe('function');
});
