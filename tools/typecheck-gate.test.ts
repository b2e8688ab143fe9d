/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test` type-checks every workspace before any test runs, so the typed API contract and the
 * federation contract (shell/src/screens/remote-contracts.ts) protect CI, not only editors.
 */
const ROOT = path.resolve(__dirname, '..');
const pkg = (dir: string) =>
  JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
    workspaces?: string[];
    scripts?: Record<string, string>;
  };

describe('type checking in npm test', () => {
  it('runs the typecheck of every workspace before the unit tests', () => {
    const test = pkg('.').scripts!.test!;
    const steps = test.split('&&').map((s) => s.trim());
    expect(steps.indexOf('npm run typecheck')).toBeGreaterThanOrEqual(0);
    expect(steps.indexOf('npm run typecheck')).toBeLessThan(steps.indexOf('npm run test:unit'));
    expect(pkg('.').scripts!.typecheck).toBe('npm run typecheck --workspaces --if-present');
    // --if-present would skip a workspace without the script: every one has it.
    const dirs = pkg('.').workspaces!.flatMap((w) =>
      w.endsWith('*')
        ? spawnSync('git', ['ls-files', `${w.slice(0, -1)}*/package.json`], {
            cwd: ROOT,
            encoding: 'utf8',
          })
            .stdout.trim()
            .split('\n')
            .map((f) => path.dirname(f))
        : [w],
    );
    expect(dirs.length).toBeGreaterThanOrEqual(11);
    for (const dir of dirs)
      expect([dir, pkg(dir).scripts?.typecheck]).toEqual([dir, expect.stringContaining('tsc')]);
  });

  it("fails a workspace's typecheck on a type error", () => {
    const probe = path.join(ROOT, 'composition/src/typecheck-probe.ts');
    writeFileSync(probe, "export const seconds: number = 'ten';\n");
    try {
      const res = spawnSync('npm', ['run', '-s', 'typecheck', '-w', 'composition'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(res.status).not.toBe(0);
      expect(`${res.stdout}${res.stderr}`).toMatch(
        /typecheck-probe\.ts\(1,14\): error TS2322: Type 'string' is not assignable to type 'number'/,
      );
    } finally {
      rmSync(probe, { force: true });
    }
    expect(existsSync(probe)).toBe(false);
  }, 60_000);
});
