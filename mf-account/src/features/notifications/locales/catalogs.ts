import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-account (docs/i18n.md, "Parts"): the messages of
 * `features/notifications/`, loaded with the screens that show them (their `useCatalogs`).
 */
export const notificationsCatalogs = defineCatalogs(
  'mf-account:features/notifications',
  (lang) => import(`./${lang}.ts`),
);
