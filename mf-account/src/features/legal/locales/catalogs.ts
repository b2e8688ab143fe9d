import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-account (docs/i18n.md, "Parts"): the messages of
 * `features/legal/`, loaded with the screens that show them (their `useCatalogs`).
 */
export const legalCatalogs = defineCatalogs(
  'mf-account:features/legal',
  (lang) => import(`./${lang}.ts`),
);
