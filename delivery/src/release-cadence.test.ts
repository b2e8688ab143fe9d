/** @jest-environment node */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { maxAgeDays, overdueChangesets, waitingChangesets } from './release-cadence';

let repo: string;
const NOW = new Date('2026-11-27T12:00:00Z');
const daysBefore = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();
const git = (args: string[], date?: string) =>
  execFileSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
  });
const changeset = (name: string) => {
  mkdirSync(path.join(repo, '.changeset'), { recursive: true });
  writeFileSync(path.join(repo, '.changeset', name), `---\n'api': patch\n---\n\n${name}\n`);
};

beforeEach(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'sf-cadence-'));
  git(['init', '-q', '-b', 'main']);
  git(['config', 'user.email', 'ci@example.test']);
  git(['config', 'user.name', 'CI']);
  changeset('README.md');
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'start'], daysBefore(30));
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('release cadence', () => {
  it('dates each pending changeset by the commit that added it, and a new file as now', () => {
    changeset('old-fix.md');
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'old'], daysBefore(9));
    changeset('recent.md');
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'recent'], daysBefore(2));
    changeset('uncommitted.md');
    const waiting = waitingChangesets(repo, NOW);
    expect(waiting.map((w) => [w.file, Math.round(w.days)])).toEqual([
      ['old-fix.md', 9],
      ['recent.md', 2],
      ['uncommitted.md', 0],
    ]);
    expect(overdueChangesets(waiting, 7).map((w) => w.file)).toEqual(['old-fix.md']);
    expect(overdueChangesets(waiting, 10)).toEqual([]);
  });

  it('a changeset edited later still counts from when it was added', () => {
    changeset('edited.md');
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'add'], daysBefore(8));
    writeFileSync(path.join(repo, '.changeset/edited.md'), "---\n'api': minor\n---\n\nedited\n");
    git(['commit', '-qam', 'edit'], daysBefore(1));
    expect(overdueChangesets(waitingChangesets(repo, NOW), 7).map((w) => w.file)).toEqual([
      'edited.md',
    ]);
  });

  it('reads the limit from CHANGESET_MAX_AGE_DAYS and refuses a nonsense one', () => {
    expect(maxAgeDays(undefined)).toBe(7);
    expect(maxAgeDays('14')).toBe(14);
    expect(() => maxAgeDays('soon')).toThrow(/positive number of days, not "soon"/);
    expect(() => maxAgeDays('0')).toThrow(/positive/);
  });

  it("fails the pipeline's step, naming the overdue changeset and the fix", () => {
    const run = () =>
      spawnSync(
        path.join(__dirname, '../../node_modules/.bin/tsx'),
        [path.join(__dirname, 'release-cadence.ts'), repo],
        { encoding: 'utf8' },
      );
    changeset('fresh.md');
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'fresh']);
    const ok = run();
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/1 pending changeset\(s\), the oldest 0\.\d days \(limit 7\)/);
    changeset('stale.md');
    git(['add', '-A']);
    git(['commit', '-q', '-m', 'stale'], new Date(Date.now() - 8 * 86_400_000).toISOString());
    const late = run();
    expect(late.status).toBe(1);
    expect(late.stderr).toMatch(
      /1 changeset\(s\) older than 7 days; release them with `npm run release`/,
    );
    expect(late.stderr).toMatch(/\.changeset\/stale\.md +8\.0 days/);
  });
});
