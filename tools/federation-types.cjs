/**
 * Types across the federation boundary. A remote's production build writes the declarations of
 * its exposes beside its manifest (`dist/@mf-types/`), so every deploy publishes them with the
 * code; the shell's typecheck fetches the types of the remotes its environment composes
 * (shell/scripts/remote-types.mjs) and checks its use of each exposed screen against them. The
 * shell's build publishes @streamflix/shared's declarations the same way, for a remote team
 * that typechecks without this repository.
 *
 * Declarations are emitted with the TypeScript compiler API (the `typescript` package; the
 * TypeScript 7 compiler used for `tsc` has no API yet). Layout of a types folder:
 *
 *   files.json              every file below, so a client can fetch the folder over HTTP
 *   <Expose>.d.ts           one per expose: re-exports ./<remote>/src/exposes/<file>
 *   <remote>/src/…, shared/src/…   the emitted declarations (module specifiers kept as written)
 */
const { mkdirSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

function exposeName(file) {
  const base = file.replace(/\.tsx?$/, '');
  return base === 'lifecycles'
    ? base
    : base.replace(/(^|-)([a-z])/g, (_m, _d, c) => c.toUpperCase());
}

function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory()
      ? listFiles(path.join(dir, d.name), `${prefix}${d.name}/`)
      : [`${prefix}${d.name}`],
  );
}

/** Emit declarations of `files` (absolute) into outDir, paths relative to the repository root. */
function emitDeclarations(files, outDir) {
  const ts = require('typescript');
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: ROOT,
    outDir,
    types: ['node'],
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  });
  const result = program.emit(undefined, (file, text) => {
    // Only our sources: what a library ships already has its own declarations.
    if (file.includes('/node_modules/')) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  });
  const failed = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (failed.length)
    throw new Error(
      `declarations could not be emitted:\n${ts.formatDiagnostics(failed, {
        getCanonicalFileName: (f) => f,
        getCurrentDirectory: () => ROOT,
        getNewLine: () => '\n',
      })}`,
    );
}

function writeIndex(outDir) {
  const files = listFiles(outDir)
    .filter((f) => f !== 'files.json')
    .sort();
  writeFileSync(path.join(outDir, 'files.json'), `${JSON.stringify(files, null, 2)}\n`);
  return files;
}

/** A remote's exposes: `<outDir>/<Expose>.d.ts` over the emitted tree. Returns the file list. */
function emitExposeTypes(remoteDir, outDir) {
  const exposes = path.join(remoteDir, 'src/exposes');
  const entries = readdirSync(exposes)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  emitDeclarations(
    [path.join(ROOT, 'shared/src/css-modules.d.ts'), ...entries.map((f) => path.join(exposes, f))],
    outDir,
  );
  const rel = path.relative(ROOT, exposes);
  for (const f of entries) {
    const target = `./${rel}/${f.replace(/\.tsx?$/, '')}`;
    const name = exposeName(f);
    writeFileSync(
      path.join(outDir, `${name}.d.ts`),
      name === 'lifecycles'
        ? `export * from '${target}';\n`
        : `export * from '${target}';\nexport { default } from '${target}';\n`,
    );
  }
  return writeIndex(outDir);
}

/**
 * @streamflix/shared's declarations, for a remote built outside this repository: `index.d.ts`
 * is the package's main entry, and one file per TypeScript sub-entry (`isolated.d.ts`, …).
 */
function emitSharedTypes(outDir) {
  const pkg = require(path.join(ROOT, 'shared/package.json'));
  const entries = Object.entries(pkg.exports).filter(([, target]) => /\.tsx?$/.test(target));
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  emitDeclarations(
    [
      path.join(ROOT, 'shared/src/css-modules.d.ts'),
      ...entries.map(([, t]) => path.join(ROOT, 'shared', t)),
    ],
    outDir,
  );
  for (const [name, target] of entries) {
    const file = name === '.' ? 'index' : name.slice(2).replace(/\//g, '-');
    const spec = `./shared/${target.replace(/^\.\//, '').replace(/\.tsx?$/, '')}`;
    writeFileSync(path.join(outDir, `${file}.d.ts`), `export * from '${spec}';\n`);
  }
  writeFileSync(
    path.join(outDir, 'package.json'),
    `${JSON.stringify({ name: pkg.name, version: pkg.version, types: 'index.d.ts' }, null, 2)}\n`,
  );
  return writeIndex(outDir);
}

module.exports = { emitExposeTypes, emitSharedTypes, exposeName };

/**
 * Fetch the types folder a manifest names (`metaData.types`: `{ path, name: 'files.json' }`)
 * into outDir. Throws, naming the URL, when the manifest, its list or a file cannot be read.
 */
async function fetchTypes(manifestUrl, outDir) {
  const get = async (url, as) => {
    let res;
    try {
      res = await fetch(url, { cache: 'no-cache' });
    } catch {
      // Once more: a kept-alive connection the server has since closed fails the first request.
      try {
        res = await fetch(url, { cache: 'no-cache' });
      } catch (err) {
        throw new Error(`${url} could not be fetched (${err.message})`);
      }
    }
    if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
    return as === 'json' ? res.json() : res.text();
  };
  const manifest = await get(manifestUrl, 'json');
  const types = manifest?.metaData?.types;
  if (!types?.path || !types?.name)
    throw new Error(
      `${manifestUrl} names no published types (metaData.types): a build without them`,
    );
  const base = new URL(`${types.path.replace(/\/?$/, '/')}`, manifestUrl);
  const files = await get(new URL(types.name, base).href, 'json');
  if (!Array.isArray(files))
    throw new Error(`${new URL(types.name, base).href} is not a file list`);
  rmSync(outDir, { recursive: true, force: true });
  for (const file of files) {
    if (typeof file !== 'string' || file.includes('..') || path.isAbsolute(file))
      throw new Error(`${base.href}: "${file}" is not a path inside the types folder`);
    const text = await get(new URL(file, base).href, 'text');
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), text);
  }
  return files;
}

module.exports.fetchTypes = fetchTypes;
