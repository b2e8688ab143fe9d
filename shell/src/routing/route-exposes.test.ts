/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exposesOf } from '../../../rspack.exposes';
import { REMOTE_NAMES, type RemoteName } from '@streamflix/composition';
import { isRedirect, loggedInRoutes, loggedOutRoutes, type ScreenRoute } from './route-tables';

const root = path.join(__dirname, '../../..');
const folderOf = (remote: RemoteName) => path.join(root, remote.replace('_', '-'));

/**
 * What a remote's build really exposes. Every remote's rspack.config.ts derives its surface
 * from src/exposes/ (`exposesOf(__dirname)`); a config that lists its exposes another way must
 * be taught here rather than silently skipped.
 */
function exposedNames(remote: RemoteName): string[] {
  const config = readFileSync(path.join(folderOf(remote), 'rspack.config.ts'), 'utf8');
  expect(config).toMatch(/exposes:\s*exposesOf\(__dirname\)/);
  return Object.keys(exposesOf(folderOf(remote))).map((key) => key.replace(/^\.\//, ''));
}

const screens = [...loggedInRoutes, ...loggedOutRoutes].filter(
  (r): r is ScreenRoute => !isRedirect(r),
);

describe.each(REMOTE_NAMES)('%s', (remote) => {
  const exposed = exposedNames(remote);

  it('exposes every screen the shell routes to it', () => {
    const routed = new Set(screens.filter((r) => r.remote === remote).map((r) => r.expose));
    const missing = [...routed].filter((name) => !exposed.includes(name));
    expect(missing).toEqual([]);
    expect(routed.size).toBeGreaterThan(0);
  });

  it('exposes no screen the shell never routes to (besides its lifecycles)', () => {
    const routed = new Set(screens.filter((r) => r.remote === remote).map((r) => r.expose));
    expect(exposed.filter((name) => name !== 'lifecycles' && !routed.has(name))).toEqual([]);
  });
});

it("checks the shell's use of every routed screen and each lifecycles against the remotes' types", () => {
  const contracts = readFileSync(path.join(__dirname, 'remote-contracts.ts'), 'utf8');
  const checked = new Set(
    [...contracts.matchAll(/^import type (\w+) from '(mf_\w+\/\w+)';$/gm)].map((m) => m[2]),
  );
  const routed = new Set(screens.map((r) => `${r.remote}/${r.expose}`));
  expect([...routed].filter((s) => !checked.has(s))).toEqual([]);
  for (const remote of REMOTE_NAMES)
    expect(contracts).toMatch(
      new RegExp(`^import type \\* as \\w+ from '${remote}/lifecycles';$`, 'm'),
    );
});
