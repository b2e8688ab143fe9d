/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  REGISTRY_FILE,
  REMOTES_MODULE,
  jestProjects,
  lintApps,
  portsAfter,
  productApps,
  readRegistry,
  remotesModuleSource,
  type Remote,
} from './remotes.cjs';
import { teamPipelines } from '../delivery/src/team-ci';
import { E2E } from '../e2e/tests/support/env';

const ROOT = path.resolve(__dirname, '..');
const registry = readRegistry();
const fifth: Remote = {
  name: 'mf_search',
  dir: 'mf-search',
  port: 3005,
  portEnv: 'SEARCH_PORT',
  team: 'search',
  label: 'search',
};
/** The committed registry with one more entry: all a fifth team should have to add. */
const withFifth = { remotes: [...registry, fifth] };

describe('the registry of remotes (remotes.json)', () => {
  it('is read and checked from the root file', () => {
    const file = JSON.parse(readFileSync(REGISTRY_FILE, 'utf8')) as { remotes: Remote[] };
    expect(registry).toEqual(file.remotes);
    expect(registry.length).toBeGreaterThan(0);
  });

  it.each([
    ['a missing list', {}, /"remotes" must be a non-empty list/],
    ['an empty list', { remotes: [] }, /"remotes" must be a non-empty list/],
    ['a name that is no federation name', [{ ...fifth, name: 'Search' }], /"name" must be/],
    ['a folder that is not the name in kebab case', [{ ...fifth, dir: 'mf-find' }], /"dir" must/],
    ['a port out of range', [{ ...fifth, port: 80 }], /"port" must be a port number/],
    ['a port variable without _PORT', [{ ...fifth, portEnv: 'SEARCH' }], /"portEnv" must be/],
    ['no team', [{ ...fifth, team: undefined }], /"team" must be/],
    [
      'a port taken twice',
      [fifth, { ...fifth, name: 'mf_find', dir: 'mf-find', portEnv: 'FIND_PORT' }],
      /remote 2 \("mf_find"\): "port" 3005 is taken/,
    ],
  ])('refuses %s, naming the entry and the field', (_what, source, message) => {
    expect(() => readRegistry(source as never)).toThrow(message);
  });

  it('lets a team own several remotes', () => {
    const second = { ...fifth, name: 'mf_find', dir: 'mf-find', port: 3006, portEnv: 'FIND_PORT' };
    expect(readRegistry([fifth, second]).map((r) => r.team)).toEqual(['search', 'search']);
  });

  it('names an unreadable file', () => {
    expect(() => readRegistry(path.join(ROOT, 'no-such-remotes.json'))).toThrow(
      /no-such-remotes.json: cannot read the registry of remotes/,
    );
  });

  it('is what @streamflix/composition exports (its typed module is generated from it)', () => {
    // If this fails: `npm run remotes` regenerates the module from remotes.json.
    expect(readFileSync(REMOTES_MODULE, 'utf8')).toBe(remotesModuleSource());
  });
});

describe('a fifth remote is one registry entry away', () => {
  it('is started by `npm start`, on its port or the one its variable gives', () => {
    const { apps, ports } = productApps({}, withFifth);
    expect(apps[0]).toEqual({ name: 'shell', dir: 'shell' });
    expect(apps).toContainEqual({ name: 'mf_search', dir: 'mf-search' });
    expect(ports.mf_search).toBe(3005);
    expect(productApps({ SEARCH_PORT: '3205' }, withFifth).ports.mf_search).toBe(3205);
    // Today's remotes keep their ports.
    for (const r of registry) expect(ports[r.name]).toBe(r.port);
  });

  it('gets a port after the shell in the browser tests and benchmarks', () => {
    const { remotes, env } = portsAfter(3700, withFifth);
    expect(remotes.map((r) => r.port)).toEqual(withFifth.remotes.map((_, i) => 3701 + i));
    expect(env).toMatchObject({ SHELL_PORT: '3700', SEARCH_PORT: String(3701 + registry.length) });
  });

  it('has its jest project, lint zone, pipeline and typed name', () => {
    expect(jestProjects(withFifth)).toContain('<rootDir>/mf-search');
    expect(lintApps(withFifth)).toContain('mf-search');
    const pipelines = teamPipelines(withFifth);
    expect(pipelines['mf-search']).toMatchObject({
      jest: ['mf-search'],
      surface: 'mf-search',
      remotes: ['mf_search'],
      a11y: '· mf_search$',
    });
    expect(pipelines.shell!.remotes).toContain('mf_search');
    expect(pipelines.api!.remotes).toContain('mf_search');
    expect(remotesModuleSource(withFifth)).toContain("name: 'mf_search'");
  });

  it('is what the configs use: jest, lint, e2e and the pipelines read the same functions', () => {
    const jestConfig = jest.requireActual<{ projects: string[] }>('../jest.config.cjs');
    expect(jestConfig.projects).toEqual([
      ...jestProjects(),
      '<rootDir>/api/jest.pg.config.cjs',
      '<rootDir>/delivery/jest.pg.config.cjs',
    ]);
    expect(Object.keys(teamPipelines())).toEqual(expect.arrayContaining(lintApps().slice(1)));
    const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
    expect(E2E.remotes).toEqual(portsAfter(3100 + offset).remotes);
    // The lint config is an ES module: load it as eslint does and list the apps it zones.
    const zoned = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const c = (await import(${JSON.stringify(path.join(ROOT, 'eslint.config.mjs'))})).default;
         console.log(JSON.stringify(c.flatMap((x) => x.files ?? []).map(String)));`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    for (const app of lintApps()) expect(JSON.parse(zoned)).toContain(`${app}/**/*.{ts,tsx}`);
  });
});
