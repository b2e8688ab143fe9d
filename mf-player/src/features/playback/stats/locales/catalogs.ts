import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-player (docs/i18n.md, "Parts"): the messages of
 * `features/playback/stats/`, loaded with its lazily loaded chunk (its `useCatalogs`).
 */
export const statsCatalogs = defineCatalogs(
  'mf-player:features/playback/stats',
  (lang) => import(`./${lang}.ts`),
);
