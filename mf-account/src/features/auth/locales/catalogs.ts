import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-account (docs/i18n.md, "Parts"): the messages of
 * `features/auth/`, loaded with the screens that show them (their `useCatalogs`).
 */
export const authCatalogs = defineCatalogs(
  'mf-account:features/auth',
  (lang) => import(`./${lang}.ts`),
);
