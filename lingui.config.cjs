/**
 * Lingui's configuration (issue 37, docs/i18n.md): one catalog per workspace, derived from the
 * registry of remotes, so a new remote gets its catalogs without editing this file, plus one per part
 * (a folder with a `locales/catalogs.ts` of its own, loaded with its lazy chunk). Each owns
 * `<folder>/locales/<lang>.po` (what translators edit) and `<lang>.ts` (compiled, committed).
 *
 * LINGUI_LOCALES_ROOT points the catalogs elsewhere (the "extraction leaves no diff" gate extracts
 * into a copy and compares it with the committed files).
 */
const path = require('node:path');
const { formatter } = require('@lingui/format-po');
const { readRegistry } = require('./tools/remotes.cjs');
const { catalogsOf } = require('./tools/i18n/parts.cjs');
const languages = require('./shared/src/i18n/languages.json');

const out = process.env.LINGUI_LOCALES_ROOT;
const workspaces = ['shell', 'shared', ...readRegistry().map((r) => r.dir)];

module.exports = {
  sourceLocale: languages.source,
  locales: [...languages.languages.map((l) => l.code), languages.pseudo.code],
  fallbackLocales: { default: languages.source },
  orderBy: 'messageId',
  compileNamespace: 'ts',
  format: formatter({ lineNumbers: false, explicitIdAsDefault: true }),
  // A workspace's own catalog and its parts' (tools/i18n/parts.cjs): a part's folder goes to the
  // part's catalog only.
  catalogs: workspaces.flatMap(catalogsOf).map((c) => ({
    path: out ? path.join(out, c.locales, '{locale}') : `<rootDir>/${c.locales}/{locale}`,
    include: [`<rootDir>/${c.folder}`],
    exclude: [
      '**/*.test.*',
      '**/node_modules/**',
      '**/locales/**',
      ...c.parts.map((folder) => `<rootDir>/${folder}/**`),
    ],
  })),
};
