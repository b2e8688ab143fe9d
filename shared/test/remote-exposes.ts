import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RemoteRoute } from '../src/isolation/isolated-app';

const pascal = (file: string) =>
  file.replace(/\.tsx?$/, '').replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/**
 * The contract every remote keeps with the shell, checked the same way in each:
 * one exposed screen per answered route (and nothing unrouted), plus single-spa
 * lifecycles for isolated mounting.
 */
export function describeRemoteExposes(
  exposesDir: string,
  remoteRoutes: RemoteRoute[],
  lifecycles: Record<string, unknown>,
): void {
  it('exposes a screen component for every route it answers, and nothing unrouted', async () => {
    const files = readdirSync(exposesDir).filter((f) => /\.tsx$/.test(f) && f !== 'lifecycles.tsx');
    expect(files.map(pascal).sort()).toEqual(remoteRoutes.map((r) => r.name).sort());
    for (const route of remoteRoutes) {
      const mod = await route.load();
      expect(typeof mod.default).toBe('function');
    }
    expect(path.basename(path.dirname(exposesDir))).toBe('src');
  });

  it('exports single-spa lifecycles for isolated mounting', () => {
    expect(typeof lifecycles.bootstrap).toBe('function');
    expect(typeof lifecycles.mount).toBe('function');
    expect(typeof lifecycles.unmount).toBe('function');
  });
}
export { operationRequest } from './operation-request';
