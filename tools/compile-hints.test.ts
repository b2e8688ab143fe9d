import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..');
/** V8's explicit compile hint, as Chrome reads it on a script's first line. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Builds `entries` (name → source) in production mode with the hint plugin, through the rspack CLI
 * as the apps' builds run it (@rspack/core is an ES module: jest's CommonJS cannot load it).
 */
function build(dir: string, entries: Record<string, string>): void {
  for (const [name, source] of Object.entries(entries))
    writeFileSync(path.join(dir, `${name}.src.js`), source);
  const config = path.join(dir, 'rspack.config.ts');
  writeFileSync(
    config,
    `import { compileHints } from ${JSON.stringify(path.join(ROOT, 'rspack.compile-hints'))};
export default {
  mode: 'production',
  context: ${JSON.stringify(dir)},
  target: 'web',
  entry: ${JSON.stringify(Object.fromEntries(Object.keys(entries).map((n) => [n, `./${n}.src.js`])))},
  devtool: 'source-map',
  output: { path: ${JSON.stringify(path.join(dir, 'out'))}, filename: '[name].js' },
  plugins: [compileHints()],
};
`,
  );
  execFileSync(path.join(ROOT, 'node_modules/.bin/rspack'), ['build', '-c', config], {
    cwd: ROOT,
    stdio: 'pipe',
  });
}

describe('compile hints (issue 36)', () => {
  it('puts the hint on the first line of the scripts that run at once, and their maps still point at the code', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
    const source = 'function answer(n) { return n * 2; }\nconsole.log(answer(21));\n';
    try {
      // The shell's entry, bootstrap and HTTP client, a remote's entry, the player's early engine;
      // not a shared library's chunk (react-dom) or a screen's.
      const hinted = [
        'main.3c759aea',
        'bootstrap.1a2b3c4d',
        'http-client.eca79674',
        'remoteEntry',
        'early-engine',
      ];
      const lazy = ['4275.0d5001f8', '__federation_expose_Home.35b0a00e', 'main'];
      build(dir, Object.fromEntries([...hinted, ...lazy].map((n) => [n, source])));
      for (const name of hinted) {
        const [first, second] = readFileSync(path.join(dir, `out/${name}.js`), 'utf8').split('\n');
        // The first line exactly: V8 reads the hint only there. The minified code follows it.
        expect(first).toBe(COMPILE_HINT);
        expect(second).toContain('console.log(42)');
        // The map's first line (the hint) has no mappings; the code's line does.
        const map = JSON.parse(readFileSync(path.join(dir, `out/${name}.js.map`), 'utf8')) as {
          mappings: string;
        };
        const [hintLine, codeLine] = map.mappings.split(';');
        expect(hintLine).toBe('');
        expect(codeLine?.length).toBeGreaterThan(0);
      }
      for (const name of lazy)
        expect(readFileSync(path.join(dir, `out/${name}.js`), 'utf8')).not.toContain(COMPILE_HINT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
