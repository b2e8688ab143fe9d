import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-player (docs/i18n.md, "Parts"): the messages of
 * `features/playback/signed-out/`, loaded with its lazily loaded chunk (its `useCatalogs`).
 */
export const signedOutCatalogs = defineCatalogs(
  'mf-player:features/playback/signed-out',
  (lang) => import(`./${lang}.ts`),
);
