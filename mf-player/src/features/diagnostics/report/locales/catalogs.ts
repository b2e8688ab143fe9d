import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-player (docs/i18n.md, "Parts"): the messages of
 * `features/diagnostics/report/`, loaded with its lazily loaded chunk (its `useCatalogs`).
 */
export const reportCatalogs = defineCatalogs(
  'mf-player:features/diagnostics/report',
  (lang) => import(`./${lang}.ts`),
);
