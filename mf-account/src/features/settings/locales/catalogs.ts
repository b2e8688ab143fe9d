import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-account (docs/i18n.md, "Parts"): the messages of
 * `features/settings/`, loaded with the screens that show them (their `useCatalogs`).
 */
export const settingsCatalogs = defineCatalogs(
  'mf-account:features/settings',
  (lang) => import(`./${lang}.ts`),
);
