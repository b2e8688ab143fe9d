/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exposesOf } from '../../../rspack.exposes';
import { isRedirect, loggedInRoutes, loggedOutRoutes, type ScreenRoute } from './route-tables';
import { REMOTES, type RegisteredRemote } from './remotes';

const root = path.join(__dirname, '../../..');

/**
 * What a remote's build really exposes. Every remote's rspack.config.ts derives its surface
 * from src/exposes/ (`exposesOf(__dirname)`); a config that lists its exposes another way must
 * be taught here rather than silently skipped.
 */
function exposedNames(remote: RegisteredRemote): string[] {
  const folder = path.join(root, remote.dir);
  const config = readFileSync(path.join(folder, 'rspack.config.ts'), 'utf8');
  expect(config).toMatch(/exposes:\s*exposesOf\(__dirname\)/);
  return Object.keys(exposesOf(folder)).map((key) => key.replace(/^\.\//, ''));
}

/**
 * The paths a remote declares for its screens (`src/remote-routes.ts`, one
 * `remoteRoute('/path', 'Expose', load)` per screen; the surface report reads them the same way).
 * Read as text: the shell never imports a remote's source.
 */
function declaredPaths(remote: RegisteredRemote): Map<string, string> {
  const text = readFileSync(path.join(root, remote.dir, 'src/remote-routes.ts'), 'utf8');
  const found = [...text.matchAll(/remoteRoute\(\s*'([^']+)',\s*'(\w+)'/g)];
  // Every call is read: one this pattern misses would make the checks below pass by skipping it.
  expect(found).toHaveLength(text.split('remoteRoute(').length - 1);
  return new Map(found.map((m) => [m[2]!, m[1]!]));
}

const screens = [...loggedInRoutes, ...loggedOutRoutes].filter(
  (r): r is ScreenRoute => !isRedirect(r),
);

it('routes to the remotes of the registry (remotes.json), and to every one of them', () => {
  const names = REMOTES.map((r) => r.name as string);
  expect([...new Set(screens.map((r) => r.remote as string))].sort()).toEqual([...names].sort());
});

describe.each(REMOTES.map((r) => [r.name, r] as const))('%s', (_name, remote) => {
  const exposed = exposedNames(remote);
  const routed = new Set(screens.filter((r) => r.remote === remote.name).map((r) => r.expose));

  it('exposes every screen the shell routes to it', () => {
    const missing = [...routed].filter((name) => !exposed.includes(name));
    expect(missing).toEqual([]);
    expect(routed.size).toBeGreaterThan(0);
  });

  it('exposes no screen the shell never routes to (besides its lifecycles)', () => {
    expect(exposed.filter((name) => name !== 'lifecycles' && !routed.has(name))).toEqual([]);
  });

  it('mounts each screen at the path the remote declares (the site root aside, one screen per route set)', () => {
    const declared = declaredPaths(remote);
    const disagreements = screens
      .filter((r) => r.remote === remote.name && r.path !== '/')
      .filter((r) => declared.get(r.expose) !== r.path)
      .map((r) => `${r.expose}: the shell has ${r.path}, the remote ${declared.get(r.expose)}`);
    expect(disagreements).toEqual([]);
  });
});

it("checks the shell's use of every routed screen and each lifecycles against the remotes' types", () => {
  const contracts = readFileSync(path.join(__dirname, '../screens/remote-contracts.ts'), 'utf8');
  const checked = new Set(
    [...contracts.matchAll(/^import type (\w+) from '(mf_\w+\/\w+)';$/gm)].map((m) => m[2]),
  );
  const routed = new Set(screens.map((r) => `${r.remote}/${r.expose}`));
  // Both ways: a screen the shell routes is checked, and nothing is checked that it no longer routes.
  expect([...routed].filter((s) => !checked.has(s))).toEqual([]);
  expect([...checked].filter((s) => !routed.has(s!))).toEqual([]);
  for (const { name } of REMOTES)
    expect(contracts).toMatch(
      new RegExp(`^import type \\* as \\w+ from '${name}/lifecycles';$`, 'm'),
    );
});
