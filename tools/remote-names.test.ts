/**
 * @jest-environment node
 *
 * The list of remotes is written once, in remotes.json. This fails when a remote's federation
 * name (`mf_catalog`) or folder (`mf-catalog`) is written by hand in code anywhere else, so a
 * fifth team never has to hunt for the places that list remotes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES_MODULE, readRegistry } from './remotes.cjs';

const ROOT = path.resolve(__dirname, '..');
const remotes = readRegistry();

/** Where a remote may be named: data, tests, prose, and the one place that maps routes to screens. */
const ALLOWED: RegExp[] = [
  /^remotes\.json$/,
  new RegExp(`^${path.relative(ROOT, REMOTES_MODULE).replace(/\./g, '\\.')}$`),
  // Tests name what they test.
  /\.test\.[cm]?[jt]sx?$/,
  // Test support beside them (fixtures, test apps) in a test/ folder.
  /(^|\/)test\/[^/]+\.[cm]?[jt]sx?$/,
  /^e2e\/tests\/(?!support\/).*\.ts$/,
  // Changelogs, docs, changesets, the lock file and the generated public-surface reports.
  /\.md$/,
  /^package-lock\.json$/,
  /(^|\/)public-surface\.json$/,
  // Each environment's composition document: which version of which remote runs where (data).
  /^shell\/composition\/[^/]+\.json$/,
  // The shell's route tables and the typed contract of the screens it mounts.
  /^shell\/src\/routing\/route-tables\.ts$/,
  /^shell\/src\/screens\/remote-contracts\.ts$/,
];

/**
 * Known places that still name remotes by hand, each to move to the registry (or away) by its
 * owner. The list may only shrink: an entry that no longer names a remote fails too.
 */
const KNOWN: Record<string, string> = {
  'api/src/domains/operations/schemas/operations-schemas.ts':
    "prose in an API schema's description (the OpenAPI document stays byte-for-byte)",
  'shared/src/contract/openapi.json': 'the same description, generated from that schema',
};

const TEXT = /\.(?:[cm]?[jt]sx?|json|css|html|ya?ml|sh)$/;

/** Comments describe; they do not list. Strips block comments and `//` comments (not `://`). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');

function sourceFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((f) => TEXT.test(f) && existsSync(path.join(ROOT, f)))
    .filter((f) => !ALLOWED.some((re) => re.test(f)));
}

/** The remotes a file names, except the one whose folder it is in. */
function remotesNamedIn(file: string): string[] {
  const code = withoutComments(readFileSync(path.join(ROOT, file), 'utf8'));
  return remotes
    .filter((r) => !file.startsWith(`${r.dir}/`))
    .flatMap((r) => [r.name, r.dir])
    .filter((word) => new RegExp(`(?<![\\w-])${word}(?![\\w-])`).test(code));
}

describe('the remotes are listed once, in remotes.json', () => {
  const files = sourceFiles();
  const named = Object.fromEntries(
    files.map((f) => [f, remotesNamedIn(f)] as const).filter(([, words]) => words.length > 0),
  );

  it('is looked for in every source file', () => {
    expect(files).toContain('shell/scripts/start.mjs');
    expect(files).toContain('jest.config.cjs');
    expect(files.length).toBeGreaterThan(200);
  });

  it('names no remote by hand outside the registry, tests, data and the route tables', () => {
    const unexpected = Object.entries(named)
      .filter(([f]) => !(f in KNOWN))
      .map(([f, words]) => `${f}: ${words.join(', ')}`);
    // Read the list from remotes.json (@streamflix/tools/remotes in scripts and configs,
    // @streamflix/composition's REMOTES in the shell) instead.
    expect(unexpected).toEqual([]);
  });

  it('has no stale known exception', () => {
    const stale = Object.keys(KNOWN).filter((f) => !named[f]);
    expect(stale).toEqual([]);
  });

  it('finds a name written by hand, and ignores comments and the remote’s own folder', () => {
    const [first, second] = remotes;
    expect(new RegExp(`(?<![\\w-])${first!.name}(?![\\w-])`).test(`'${first!.name}'`)).toBe(true);
    expect(withoutComments(`// ${first!.dir} writes it\nconst x = 1;`)).not.toContain(first!.dir);
    expect(withoutComments(`fetch('http://a/${first!.dir}')`)).toContain(first!.dir);
    expect(remotesNamedIn(`${first!.dir}/package.json`)).toEqual([]);
    expect(second).toBeDefined();
  });
});
