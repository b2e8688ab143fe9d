/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkoutFacts, releaseProblems } from './deploy';
import { release, ReleaseError } from './release';
import { previousRelease, releaseOf, releasesOf } from './release-history';

let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', stdio: 'pipe' }).trim();
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
};
const json = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));
const quiet = () => undefined;

/** A scratch monorepo shaped like ours: a shared package and a remote that depends on it. */
beforeEach(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'sf-release-'));
  write(
    'package.json',
    JSON.stringify({ name: 'scratch', private: true, workspaces: ['shared', 'mf-player'] }),
  );
  write(
    'shared/package.json',
    JSON.stringify({ name: '@streamflix/shared', version: '0.1.0', private: true }),
  );
  write(
    'mf-player/package.json',
    JSON.stringify({
      name: 'mf-player',
      version: '0.1.0',
      private: true,
      dependencies: { '@streamflix/shared': '0.1.0' },
    }),
  );
  write('mf-player/src/watch.ts', 'export const watch = 1;\n');
  write(
    '.changeset/config.json',
    JSON.stringify({
      changelog: '@changesets/cli/changelog',
      commit: false,
      access: 'restricted',
      baseBranch: 'main',
      updateInternalDependencies: 'patch',
      ignore: [],
      privatePackages: { version: true, tag: true },
    }),
  );
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'ci@example.test');
  git('config', 'user.name', 'CI');
  git('add', '-A');
  git('commit', '-q', '-m', 'start');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

const released = (opts: Parameters<typeof release>[0] = {}) =>
  release({ root: repo, workspaces: ['shared', 'mf-player'], log: quiet, ...opts });

it('applies pending changesets: versions, changelogs, one release commit, a tag per workspace', () => {
  write('.changeset/drop-login.md', '---\n"@streamflix/shared": major\n---\n\nRemoved `login`.\n');
  write('.changeset/player-audio.md', '---\n"mf-player": minor\n---\n\nAudio tracks.\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'changes');

  const out = released();
  expect(out.map((w) => `${w.name}@${w.version}`)).toEqual([
    '@streamflix/shared@1.0.0',
    'mf-player@0.2.0',
  ]);
  expect(json('mf-player/package.json').dependencies['@streamflix/shared']).toBe('1.0.0');
  expect(readFileSync(path.join(repo, 'shared/CHANGELOG.md'), 'utf8')).toMatch(
    /## 1\.0\.0[\s\S]*Removed `login`/,
  );
  expect(readFileSync(path.join(repo, 'mf-player/CHANGELOG.md'), 'utf8')).toMatch(
    /## 0\.2\.0[\s\S]*Audio tracks/,
  );
  expect(git('status', '--porcelain')).toBe('');
  expect(git('log', '-1', '--format=%s')).toBe('Release @streamflix/shared@1.0.0, mf-player@0.2.0');
  expect(git('tag', '--list').split('\n').sort()).toEqual([
    '@streamflix/shared@1.0.0',
    'mf-player@0.2.0',
  ]);
  // Findable without tags: the commit that set the version.
  git('tag', '-d', 'mf-player@0.2.0');
  expect(releaseOf(repo, 'mf-player', '0.2.0')?.commit).toBe(git('rev-parse', 'HEAD'));
  expect(releaseOf(repo, 'mf-player', '0.1.0')).toBeUndefined();
});

it('lists releases newest first and finds the one the current code follows', () => {
  expect(previousRelease(repo, 'mf-player')).toBeUndefined();
  write('.changeset/a.md', '---\n"mf-player": minor\n---\n\nAudio tracks.\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'a');
  released();
  const first = git('rev-parse', 'HEAD');
  // HEAD is the release itself: nothing before it.
  expect(previousRelease(repo, 'mf-player')).toBeUndefined();
  write('.changeset/b.md', '---\n"mf-player": patch\n---\n\nCaptions.\n');
  write('mf-player/src/watch.ts', 'export const watch = 1; // captions\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'b');
  expect(previousRelease(repo, 'mf-player')).toEqual({ version: '0.2.0', commit: first });
  released();
  const second = git('rev-parse', 'HEAD');
  expect(releasesOf(repo, 'mf-player')).toEqual([
    { version: '0.2.1', commit: second },
    { version: '0.2.0', commit: first },
  ]);
  // At the second release, the first is the previous one…
  expect(previousRelease(repo, 'mf-player')?.version).toBe('0.2.0');
  // …and still after a change elsewhere: mf-player's code is the 0.2.1 release itself.
  write('shared/src/other.ts', 'export const other = 1;\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'shared only');
  expect(previousRelease(repo, 'mf-player')?.version).toBe('0.2.0');
  // Once mf-player changes, its code follows 0.2.1.
  write('mf-player/src/watch.ts', 'export const watch = 2;\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'player');
  expect(previousRelease(repo, 'mf-player')).toEqual({ version: '0.2.1', commit: second });
});

it('refuses to release nothing, or a tree with uncommitted work', () => {
  expect(() => released()).toThrow(/Nothing to release/);
  write('.changeset/x.md', '---\n"mf-player": patch\n---\n\nFix.\n');
  expect(() => released()).toThrow(ReleaseError);
  expect(() => released()).toThrow(/uncommitted changes/);
});

describe('deploy publishes only released code, or a pre-release', () => {
  beforeEach(() => {
    write('.changeset/a.md', '---\n"mf-player": minor\n---\n\nAudio tracks.\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'change');
    released();
  });
  const problems = (version: string) =>
    releaseProblems('mf-player', checkoutFacts(repo, 'mf-player', version));

  it('accepts the released version built from its release commit', () => {
    expect(problems('0.2.0')).toEqual([]);
  });

  it('refuses a version that was never released, and names the way out', () => {
    expect(problems('0.3.0').join('\n')).toMatch(
      /package.json is at 0.2.0, not 0.3.0[\s\S]*no "## 0.3.0" entry: 0.3.0 was never released[\s\S]*--version 0.2.0-pr.1/,
    );
  });

  it('refuses a dirty tree and code changed since the release, but not for a pre-release', () => {
    write('mf-player/src/watch.ts', 'export const watch = 2;\n');
    expect(problems('0.2.0').join('\n')).toMatch(/uncommitted changes \(1 files\)/);
    git('commit', '-qam', 'unreleased work');
    expect(problems('0.2.0').join('\n')).toMatch(
      /mf-player changed since mf-player 0.2.0 was released/,
    );
    write('mf-player/src/watch.ts', 'export const watch = 3;\n');
    expect(problems('0.3.0-pr.42')).toEqual([]);
  });
});
