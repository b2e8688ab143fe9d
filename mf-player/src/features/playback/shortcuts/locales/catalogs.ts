import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-player (docs/i18n.md, "Parts"): the messages of
 * `features/playback/shortcuts/`, loaded with its lazily loaded chunk (its `useCatalogs`).
 */
export const shortcutsCatalogs = defineCatalogs(
  'mf-player:features/playback/shortcuts',
  (lang) => import(`./${lang}.ts`),
);
