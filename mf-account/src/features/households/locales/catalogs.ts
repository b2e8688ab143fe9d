import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-account (docs/i18n.md, "Parts"): the messages of
 * `features/households/`, loaded with the screens that show them (their `useCatalogs`).
 */
export const householdsCatalogs = defineCatalogs(
  'mf-account:features/households',
  (lang) => import(`./${lang}.ts`),
);
