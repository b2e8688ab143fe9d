import { defineCatalogs } from '@streamflix/shared';
import * as english from './en';

/** The shell's catalogs (docs/i18n.md). English is bundled: the header and fallbacks need it at once. */
export const catalogs = defineCatalogs('shell', (lang) => import(`./${lang}.ts`), english);
