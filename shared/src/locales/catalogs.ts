import { defineCatalogs } from '../i18n/catalogs';
import * as english from './en';

/** The shared package's catalogs (docs/i18n.md). English is bundled: the primitives need it at once. */
export const sharedCatalogs = defineCatalogs('shared', (lang) => import(`./${lang}.ts`), english);
