/**
 * The public surface of each released workspace, as a committed report (`public-surface.json`
 * beside its package.json), generated with the TypeScript compiler API (the `typescript`
 * package; API Extractor does not run with the TypeScript 7 compiler used for `tsc` here):
 *
 * - `@streamflix/shared`: every export of each TypeScript entry in its package.json `exports`,
 *   with its kind and type (interfaces and object types member by member);
 * - each remote: its exposes with their props (lifecycles with their functions' types), the
 *   paths it answers, and the cross-remote contracts it reads or writes (events, device storage,
 *   API operations, which it reads through shared query keys), plus the shared exports it imports;
 * - the API: every operation of its OpenAPI document, flattened to comparable leaves.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { readRegistry } from '@streamflix/tools/remotes';

export const REPORT_FILE = 'public-surface.json';

/** One export or prop: a type, or members when it is an object type. */
export interface Shape {
  kind: 'value' | 'type';
  type: string;
  /** Object types member by member: `name` → type, `name?` marks an optional one. */
  members?: Record<string, string>;
  deprecated?: true;
}

export interface SharedReport {
  kind: 'package';
  name: string;
  entries: Record<string, Record<string, Shape> | 'asset'>;
}

export interface RemoteReport {
  kind: 'remote';
  name: string;
  exposes: Record<string, Record<string, Shape>>;
  paths: string[];
  contracts: {
    emits: string[];
    listens: string[];
    storageWrites: string[];
    storageReads: string[];
    operations: string[];
  };
  sharedImports: string[];
}

export interface ApiReport {
  kind: 'api';
  name: string;
  contractVersion: string;
  operations: Record<string, Record<string, string>>;
}

export type SurfaceReport = SharedReport | RemoteReport | ApiReport;

/** Every remote's folder, from remotes.json. */
export const REMOTE_DIRS: readonly string[] = readRegistry().map((r) => r.dir);
/** Workspaces with a public surface, by folder. */
export const SURFACE_WORKSPACES: readonly string[] = ['shared', ...REMOTE_DIRS, 'api'];

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrowStyleSignature;

/** Types print `import("/abs/path/…")` for names out of scope: made relative to the checkout. */
let rootPrefix = '';
const typeText = (checker: ts.TypeChecker, type: ts.Type, flags = FLAGS) =>
  checker.typeToString(type, undefined, flags).split(rootPrefix).join('');

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** One program over every file a report reads: the checker is built once. */
export function createSurfaceProgram(root: string): ts.Program {
  rootPrefix = `${path.resolve(root)}/`;
  const files = [path.join(root, 'shared/src/css-modules.d.ts')];
  for (const entry of sharedEntries(root)) if (entry.file) files.push(entry.file);
  for (const dir of REMOTE_DIRS) files.push(...remoteSources(root, dir));
  return ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    types: ['node'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  });
}

function sharedEntries(root: string): { name: string; file?: string }[] {
  const pkg = readJson<{ exports: Record<string, string> }>(path.join(root, 'shared/package.json'));
  return Object.entries(pkg.exports).map(([name, target]) => ({
    name,
    file: /\.tsx?$/.test(target) ? path.join(root, 'shared', target) : undefined,
  }));
}

function remoteSources(root: string, dir: string): string[] {
  const src = path.join(root, dir, 'src');
  return (readdirSync(src, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(src, f))
    .sort();
}

const isDeprecated = (symbol: ts.Symbol) =>
  symbol.getJsDocTags().some((t) => t.name === 'deprecated');

/** A declaration in this repository's sources (not a library's, not TypeScript's lib). */
const ownDeclaration = (p: ts.Symbol) =>
  (p.declarations ?? []).some((d) => !d.getSourceFile().fileName.includes('/node_modules/'));

/**
 * An object type's own members (declared in our sources: what a library or the DOM adds to
 * it, through `extends`, is the library's surface, not ours).
 */
function membersOf(checker: ts.TypeChecker, type: ts.Type, at: ts.Node) {
  if (!(type.flags & ts.TypeFlags.Object) || type.getCallSignatures().length) return undefined;
  const props = checker.getPropertiesOfType(type).filter(ownDeclaration);
  if (!props.length) return undefined;
  const members: Record<string, string> = {};
  for (const p of props) {
    const optional = (p.flags & ts.SymbolFlags.Optional) !== 0;
    members[`${p.name}${optional ? '?' : ''}`] = typeText(
      checker,
      checker.getTypeOfSymbolAtLocation(p, at),
    );
  }
  return members;
}

function shapeOf(checker: ts.TypeChecker, exported: ts.Symbol, at: ts.Node): Shape {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const decl = symbol.declarations?.[0] ?? at;
  const isType =
    !(symbol.flags & ts.SymbolFlags.Value) &&
    (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) !== 0;
  const type = isType
    ? checker.getDeclaredTypeOfSymbol(symbol)
    : checker.getTypeOfSymbolAtLocation(symbol, decl);
  const members = membersOf(checker, type, decl);
  return {
    kind: isType ? 'type' : 'value',
    type: typeText(checker, type, FLAGS | ts.TypeFormatFlags.InTypeAlias),
    ...(members ? { members } : {}),
    ...(isDeprecated(symbol) || isDeprecated(exported) ? { deprecated: true as const } : {}),
  };
}

function exportsOf(program: ts.Program, file: string): Record<string, Shape> {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${file} is not in the surface program`);
  const module = checker.getSymbolAtLocation(source);
  const out: Record<string, Shape> = {};
  if (!module) return out;
  for (const sym of checker.getExportsOfModule(module).sort((a, b) => a.name.localeCompare(b.name)))
    out[sym.name] = shapeOf(checker, sym, source);
  return out;
}

export function sharedReport(root: string, program: ts.Program): SharedReport {
  const entries: SharedReport['entries'] = {};
  for (const e of sharedEntries(root))
    entries[e.name] = e.file ? exportsOf(program, e.file) : 'asset';
  return { kind: 'package', name: '@streamflix/shared', entries };
}

/** The props of an exposed screen (its default export's first parameter), or its exports. */
function exposeShape(program: ts.Program, file: string): Record<string, Shape> {
  const checker = program.getTypeChecker();
  const all = exportsOf(program, file);
  const source = program.getSourceFile(file)!;
  const module = checker.getSymbolAtLocation(source);
  const def = module && checker.getExportsOfModule(module).find((s) => s.name === 'default');
  if (!def) return all;
  const symbol = def.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(def) : def;
  const signature = checker
    .getTypeOfSymbolAtLocation(symbol, symbol.declarations?.[0] ?? source)
    .getCallSignatures()[0];
  const param = signature?.getParameters()[0];
  if (!param) return { props: { kind: 'type', type: '{}' } };
  const type = checker.getTypeOfSymbolAtLocation(param, source);
  const members = membersOf(checker, type, source);
  return {
    props: {
      kind: 'type',
      type: typeText(checker, type),
      ...(members ? { members } : {}),
    },
  };
}

const EXPOSE_NAME = (file: string) => {
  const base = path.basename(file).replace(/\.tsx?$/, '');
  return base === 'lifecycles'
    ? base
    : base.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
};

const OPERATION = /^(GET|POST|PUT|PATCH|DELETE) \/\S*$/;
const STORAGE_FN = /^(read|write|clear)(GuestMyList|GuestGenres|PlayerPreferences)$/;

export function remoteReport(root: string, dir: string, program: ts.Program): RemoteReport {
  const pkg = readJson<{ name: string }>(path.join(root, dir, 'package.json'));
  const exposesDir = path.join(root, dir, 'src/exposes');
  const exposes: RemoteReport['exposes'] = {};
  for (const f of readdirSync(exposesDir).sort()) {
    if (!/\.tsx?$/.test(f) || /\.test\.tsx?$/.test(f)) continue;
    exposes[EXPOSE_NAME(f)] = exposeShape(program, path.join(exposesDir, f));
  }
  const sets = {
    emits: new Set<string>(),
    listens: new Set<string>(),
    storageWrites: new Set<string>(),
    storageReads: new Set<string>(),
    operations: new Set<string>(),
    sharedImports: new Set<string>(),
    paths: new Set<string>(),
  };
  for (const file of remoteSources(root, dir)) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const isRoutes = file.endsWith(path.join('src', 'remote-routes.ts'));
    const visit = (node: ts.Node): void => {
      if (
        ts.isImportDeclaration(node) &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        node.moduleSpecifier.text === '@streamflix/shared'
      ) {
        const named = node.importClause?.namedBindings;
        if (named && ts.isNamedImports(named))
          for (const el of named.elements) {
            const name = (el.propertyName ?? el.name).text;
            sets.sharedImports.add(name);
            const storage = STORAGE_FN.exec(name);
            if (storage) {
              const key = storage[2]![0]!.toLowerCase() + storage[2]!.slice(1);
              (storage[1] === 'read' ? sets.storageReads : sets.storageWrites).add(key);
            }
          }
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const [first] = node.arguments;
        const name = node.expression.text;
        if (first && ts.isStringLiteralLike(first)) {
          if (name === 'emit') sets.emits.add(first.text);
          if (name === 'on') sets.listens.add(first.text);
          if (isRoutes && name === 'remoteRoute') sets.paths.add(first.text);
        }
      }
      if (ts.isStringLiteralLike(node) && OPERATION.test(node.text)) sets.operations.add(node.text);
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        (node.expression.text === 'STORAGE_KEYS' || node.expression.text === 'DEVICE_KEYS')
      )
        sets.storageReads.add(node.name.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const sorted = (s: Set<string>) => [...s].sort();
  return {
    kind: 'remote',
    name: pkg.name,
    exposes,
    paths: sorted(sets.paths),
    contracts: {
      emits: sorted(sets.emits),
      listens: sorted(sets.listens),
      storageWrites: sorted(sets.storageWrites),
      storageReads: sorted(sets.storageReads),
      operations: sorted(sets.operations),
    },
    sharedImports: sorted(sets.sharedImports),
  };
}

/** Every leaf of a JSON value, by its path (`responses.200.content…type`). */
function leaves(value: unknown, prefix: string, out: Record<string, string>) {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [typeof v === 'string' ? v : String(i), v] as const)
      : Object.entries(value);
    if (!entries.length) out[prefix] = Array.isArray(value) ? '[]' : '{}';
    for (const [k, v] of entries)
      if (Array.isArray(value) && typeof v === 'string') out[`${prefix}[${k}]`] = 'true';
      else leaves(v, prefix ? `${prefix}.${k}` : String(k), out);
  } else out[prefix] = JSON.stringify(value);
}

export interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
}

/** Where the API's report is committed: its OpenAPI document, generated by `npm run contract -w api`. */
export const OPENAPI_FILE = 'shared/src/contract/openapi.json';

/** The API's surface, read from its OpenAPI document (the committed report). */
export function apiReport(doc: OpenApiDocument): ApiReport {
  const operations: ApiReport['operations'] = {};
  for (const [p, methods] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b)))
    for (const [method, op] of Object.entries(methods)) {
      const { summary: _s, description: _d, tags: _t, ...shape } = op as Record<string, unknown>;
      const flat: Record<string, string> = {};
      leaves(shape, '', flat);
      operations[`${method.toUpperCase()} ${p}`] = flat;
    }
  return { kind: 'api', name: 'api', contractVersion: doc.info.version, operations };
}

/** The reports written to `<workspace>/public-surface.json` (the API's is its OpenAPI document). */
export function generateReports(root: string): Record<string, SharedReport | RemoteReport> {
  const program = createSurfaceProgram(root);
  const out: Record<string, SharedReport | RemoteReport> = { shared: sharedReport(root, program) };
  for (const dir of REMOTE_DIRS) out[dir] = remoteReport(root, dir, program);
  return out;
}

export const formatReport = (report: SurfaceReport) => `${JSON.stringify(report, null, 2)}\n`;
