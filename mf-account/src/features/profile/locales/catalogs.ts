import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-account (docs/i18n.md, "Parts"): the messages of
 * `features/profile/`, loaded with the screens that show them (their `useCatalogs`).
 */
export const profileCatalogs = defineCatalogs(
  'mf-account:features/profile',
  (lang) => import(`./${lang}.ts`),
);
