import { defineCatalogs } from '@streamflix/shared';

/**
 * The catalogs of this part of mf-player (docs/i18n.md, "Parts"): the messages of
 * `features/playback/caption-settings/`, loaded with its lazily loaded chunk (its `useCatalogs`).
 */
export const captionSettingsCatalogs = defineCatalogs(
  'mf-player:features/playback/caption-settings',
  (lang) => import(`./${lang}.ts`),
);
