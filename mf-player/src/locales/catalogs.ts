import { defineCatalogs } from '@streamflix/shared';

/** This remote's catalogs (docs/i18n.md): every exposed screen calls useCatalogs(catalogs) first. */
export const catalogs = defineCatalogs('mf-player', (lang) => import(`./${lang}.ts`));
