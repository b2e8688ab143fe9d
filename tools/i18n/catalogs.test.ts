/**
 * The catalogs' gates (issue 37, docs/i18n.md): extraction and compilation leave no diff; every
 * shipped language has every message of English, with the same ICU structure; every id carries its
 * workspace's prefix; each catalog, a workspace's own and each of its parts (lazily loaded panels and
 * screens, tools/i18n/parts.cjs), is at most 4 KB gzip per language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  catalogDiff,
  catalogs,
  localesDir,
  LOCALES,
  readPo,
  ROOT,
  SOURCE,
  type Catalog,
} from './catalogs';
import { pseudoMessage, structureMismatch } from './icu';

/** Issue 37: each remote's catalog at most 4 KB gzip per language; every part of it counts as one. */
const MAX_CATALOG_GZIP = 4 * 1024;

describe.each(catalogs().map((c) => [c.name, c] as const))('%s', (_name, catalog) => {
  const english = readPo(path.join(localesDir(catalog), `${SOURCE}.po`));

  test('every message id carries the workspace prefix', () => {
    expect(
      english.map((m) => m.id).filter((id) => !id.startsWith(`${catalog.workspace}.`)),
    ).toEqual([]);
  });

  test.each(LOCALES.filter((l) => l !== SOURCE))(
    '%s has every English message, with the same structure',
    (locale) => {
      const own = new Map(
        readPo(path.join(localesDir(catalog), `${locale}.po`)).map((m) => [m.id, m.message]),
      );
      const problems: string[] = [];
      for (const { id, message } of english) {
        const translation = own.get(id);
        if (!translation) problems.push(`${id}: not translated`);
        else {
          const mismatch = structureMismatch(message, translation);
          if (mismatch) problems.push(`${id}: ${mismatch}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  test.each(LOCALES)(`the compiled %s catalog is at most 4 KB gzip`, (locale) => {
    const file = path.join(localesDir(catalog), `${locale}.ts`);
    expect(gzipSync(readFileSync(file)).length).toBeLessThanOrEqual(MAX_CATALOG_GZIP);
  });
});

/** A workspace's source files (tests left out), repository-relative, with their imports resolved. */
function sources(ws: string) {
  const files: { file: string; text: string; imports: { to: string; lazy: boolean }[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path.join(ROOT, rel), 'utf8');
        const imports: { to: string; lazy: boolean }[] = [];
        const resolve = (spec: string) =>
          path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
        for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?['"](\.[^'"]+)['"]/g))
          imports.push({ to: resolve(m[1]!), lazy: false });
        for (const m of text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g))
          imports.push({ to: resolve(m[1]!), lazy: true });
        files.push({ file: rel, text, imports });
      }
    }
  };
  walk(`${ws}/src`);
  return files;
}

const parts = catalogs().filter((c) => c.name !== c.workspace);

test('there are parts to check (mf-player and mf-account have them)', () => {
  expect(new Set(parts.map((p) => p.workspace))).toEqual(new Set(['mf-account', 'mf-player']));
});

/**
 * A part's messages are in its own catalog only, which `useCatalogs(<its catalogs>)` loads: so a
 * module of the part may be imported statically only by the part itself or by a file that loads the
 * part's catalogs (an exposed screen); anything else takes it through `import()` (React's lazy),
 * whose chunk calls useCatalogs first. Otherwise its messages would show in English (or wait for a
 * catalog nobody loads).
 */
test.each(parts.map((p) => [p.name, p] as const))(
  '%s: loaded by useCatalogs, imported only by what loads it',
  (_name, part: Catalog) => {
    const files = sources(part.workspace);
    const inPart = (file: string) => file.startsWith(`${part.folder}/`);
    const catalogsModule = `${part.locales}/catalogs`;
    const loaders = files.filter((f) => f.imports.some((i) => !i.lazy && i.to === catalogsModule));
    expect(loaders.length).toBeGreaterThan(0);
    expect(loaders.filter((f) => !/\buseCatalogs\(/.test(f.text)).map((f) => f.file)).toEqual([]);
    const strays = files
      .filter((f) => !inPart(f.file) && !loaders.includes(f))
      .flatMap((f) =>
        f.imports
          .filter((i) => !i.lazy && inPart(i.to) && i.to !== catalogsModule)
          .map((i) => `${f.file} imports ${i.to}`),
      );
    expect(strays).toEqual([]);
  },
);

test('the structure check refuses a lost placeholder, a changed plural and a broken message', () => {
  const plural = '{count, plural, one {# title} other {# titles}}';
  expect(structureMismatch(plural, '{count, plural, other {# titres}}')).toBeNull();
  expect(structureMismatch(plural, '{n, plural, one {# t} other {# t}}')).toMatch(
    /missing count:plural/,
  );
  expect(structureMismatch('Hi {name}', 'Salut')).toMatch(/missing name:text/);
  expect(structureMismatch('Hi {name}', 'Salut {name')).toMatch(/does not parse/);
  expect(structureMismatch('Read <0>this</0>', 'Lis ceci')).toMatch(/missing/);
  expect(structureMismatch(plural, pseudoMessage(plural))).toBeNull();
});

test('extraction and compilation leave no diff (run `npm run i18n` and commit)', () => {
  expect(catalogDiff()).toEqual([]);
}, 120_000);
