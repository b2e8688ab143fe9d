/**
 * `npm run i18n`: the catalogs of every workspace (docs/i18n.md).
 *
 *   npm run i18n             extract the messages (lingui extract --clean), generate the pseudo-locale
 *                            from English, compile every <lang>.po to <lang>.ts, and write the fast
 *                            formatter's CLDR data (shared/src/i18n/locale-data.ts, from Intl)
 *   npm run i18n -- --check  the same into a temporary copy, then fail if it differs from the
 *                            committed files (extraction and compilation leave no diff)
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PO from 'pofile';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { pseudoMessage } from './icu';
import { LOCALE_DATA_FILE, renderLocaleData } from './locale-data';

export const ROOT = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const languages = require('../../shared/src/i18n/languages.json') as {
  source: string;
  languages: { code: string }[];
  pseudo: { code: string };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { readRegistry } = require('../remotes.cjs') as { readRegistry: () => { dir: string }[] };

export const SOURCE = languages.source;
export const PSEUDO = languages.pseudo.code;
/** Every catalog language: the eight shipped ones and the pseudo-locale. */
export const LOCALES = [...languages.languages.map((l) => l.code), PSEUDO];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { catalogsOf } = require('./parts.cjs') as { catalogsOf: (ws: string) => Catalog[] };

/** The workspaces that own catalogs: the shell, the shared package and every remote. */
export const workspaces = (): string[] => ['shell', 'shared', ...readRegistry().map((r) => r.dir)];

/** One catalog: a workspace's own (`name` = the workspace) or one of its parts (`<ws>:<part>`). */
export interface Catalog {
  name: string;
  workspace: string;
  /** The folder its messages are extracted from (repository-relative). */
  folder: string;
  /** Its locales folder (repository-relative): `<lang>.po` and `<lang>.ts`. */
  locales: string;
  /** The part folders inside `folder`, which have catalogs of their own. */
  parts: string[];
}

/** Every catalog of every workspace: each workspace's own, then its parts (tools/i18n/parts.cjs). */
export const catalogs = (): Catalog[] => workspaces().flatMap(catalogsOf);

/** A catalog's locales folder, in the repository or under another root (the check's copy). */
export const localesDir = (catalog: Catalog, root?: string) =>
  path.join(root ?? ROOT, catalog.locales);

export interface PoMessage {
  id: string;
  message: string;
}

/** The messages of one PO file (msgid = the message id, msgstr = its text in that language). */
export function readPo(file: string): PoMessage[] {
  if (!existsSync(file)) return [];
  const po = PO.parse(readFileSync(file, 'utf8'));
  return po.items
    .filter((item) => !item.obsolete)
    .map((item) => ({ id: item.msgid, message: item.msgstr[0] ?? '' }));
}

/** en-XA.po from en.po: every message pseudo-localised (see icu.ts). */
function writePseudo(dir: string) {
  const file = path.join(dir, `${PSEUDO}.po`);
  const english = new Map(readPo(path.join(dir, `${SOURCE}.po`)).map((m) => [m.id, m.message]));
  const po = existsSync(file) ? PO.parse(readFileSync(file, 'utf8')) : new PO();
  for (const item of po.items) item.msgstr = [pseudoMessage(english.get(item.msgid) ?? '')];
  writeFileSync(file, po.toString() + '\n');
}

/** The compiled module of one PO file: only the messages it translates (the rest fall back). */
export function compiledSource(dir: string, locale: string): string {
  const messages: Record<string, unknown> = {};
  for (const { id, message } of readPo(path.join(dir, `${locale}.po`)).sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  ))
    if (message) messages[id] = compileMessage(message);
  return (
    `/* Compiled from ${locale}.po by \`npm run i18n\` (docs/i18n.md). Do not edit: edit the PO file. */\n` +
    `export const messages: Record<string, string | unknown[]> = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`
  );
}

/** Runs the whole chain, writing the catalogs under `root` (default: each workspace's src/locales). */
export function buildCatalogs(root?: string): void {
  execFileSync(path.join(ROOT, 'node_modules/.bin/lingui'), ['extract', '--clean'], {
    cwd: ROOT,
    env: { ...process.env, ...(root ? { LINGUI_LOCALES_ROOT: root } : {}) },
    stdio: process.env.I18N_VERBOSE ? 'inherit' : 'pipe',
  });
  for (const catalog of catalogs()) {
    const dir = localesDir(catalog, root);
    mkdirSync(dir, { recursive: true });
    writePseudo(dir);
    for (const locale of LOCALES)
      writeFileSync(path.join(dir, `${locale}.ts`), compiledSource(dir, locale));
  }
}

/** The PO header's creation date changes on every extraction: it is not a difference. */
const normalise = (text: string) => text.replace(/^"POT-Creation-Date: .*\\n"\n/m, '');

/** Files whose extraction or compilation differs from the committed ones ([] when none). */
export function catalogDiff(): string[] {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'streamflix-i18n-'));
  try {
    for (const catalog of catalogs())
      if (existsSync(localesDir(catalog)))
        cpSync(localesDir(catalog), localesDir(catalog, tmp), { recursive: true });
    buildCatalogs(tmp);
    const differ: string[] = [];
    for (const catalog of catalogs()) {
      const names = new Set([
        ...(existsSync(localesDir(catalog)) ? readdirSync(localesDir(catalog)) : []),
        ...readdirSync(localesDir(catalog, tmp)),
      ]);
      for (const name of names) {
        if (!/\.(po|ts)$/.test(name) || name === 'catalogs.ts') continue;
        const read = (dir: string) =>
          existsSync(path.join(dir, name))
            ? normalise(readFileSync(path.join(dir, name), 'utf8'))
            : null;
        if (read(localesDir(catalog)) !== read(localesDir(catalog, tmp)))
          differ.push(path.join(catalog.locales, name));
      }
    }
    // The fast formatter's CLDR data (shared/src/i18n/locale-data.ts) is read out of Intl too.
    if (readFileSync(LOCALE_DATA_FILE, 'utf8') !== renderLocaleData())
      differ.push(path.relative(ROOT, LOCALE_DATA_FILE));
    return differ;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  if (process.argv.includes('--check')) {
    const differ = catalogDiff();
    if (differ.length) {
      console.error(
        `i18n: the catalogs are not up to date; run \`npm run i18n\`:\n  ${differ.join('\n  ')}`,
      );
      process.exit(1);
    }
    console.log('i18n: the catalogs are up to date');
  } else {
    buildCatalogs();
    writeFileSync(LOCALE_DATA_FILE, renderLocaleData());
    console.log('i18n: catalogs extracted and compiled (see docs/i18n.md)');
  }
}
