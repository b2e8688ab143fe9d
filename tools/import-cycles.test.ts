/** @jest-environment node */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { readRegistry } from './remotes.cjs';

/**
 * No import cycles, type-only imports included. ESLint's `import-x/no-cycle` (root config)
 * skips `import type`, so two modules that need each other's types pass it while still being
 * one module in two files; this walks every relative import, of values and of types alike.
 */

const ROOT = path.resolve(__dirname, '..');
const WORKSPACES = [
  'api',
  'shared',
  'composition',
  'shell',
  ...readRegistry().map((r) => r.dir),
  'delivery',
  'tools',
];

function sources(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.includes('node_modules'))
    .map((f) => path.join(dir, f));
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  return undefined;
}

/** file → the files it imports (`import`, `import type`, `export … from`, `import()`). */
export function importGraph(files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const edges = new Set<string>();
    const add = (spec: ts.Expression | undefined) => {
      if (spec && ts.isStringLiteral(spec)) {
        const target = resolveImport(file, spec.text);
        if (target) edges.add(target);
      }
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(node.arguments[0]);
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(file, edges);
  }
  return graph;
}

/** Every cycle's files (strongly connected components of more than one file, or a self-import). */
export function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return out;
}

it('finds a cycle through type-only imports', () => {
  const graph = new Map([
    ['a.ts', new Set(['b.ts'])],
    ['b.ts', new Set(['c.ts'])],
    ['c.ts', new Set(['a.ts'])],
    ['d.ts', new Set(['a.ts'])],
  ]);
  expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  expect(
    cyclesOf(
      new Map([
        ['a.ts', new Set(['b.ts'])],
        ['b.ts', new Set<string>()],
      ]),
    ),
  ).toEqual([]);
});

it.each(WORKSPACES)('%s has no import cycle, type-only imports included', (workspace) => {
  const dir = path.join(ROOT, workspace, workspace === 'tools' ? '.' : 'src');
  const files = sources(dir).filter((f) => workspace !== 'tools' || path.dirname(f) === dir);
  const cycles = cyclesOf(importGraph(files)).map((c) =>
    c.map((f) => path.relative(ROOT, f)).join(' → '),
  );
  expect(cycles).toEqual([]);
});
