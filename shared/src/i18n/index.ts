/** The i18n facade (docs/i18n.md): everything a screen uses, exported by the shared package. */
export {
  i18n,
  i18nFallbacks,
  onI18nFallback,
  resetI18nFallbacks,
  type I18nFallback,
} from './runtime';
export { defineCatalogs, type Catalogs, type CompiledCatalog } from './catalogs';
export {
  LANGUAGES,
  PSEUDO_LANGUAGE,
  SOURCE_LANGUAGE,
  bestLanguage,
  dirOf,
  uiLanguage,
  type UiLanguage,
} from './languages';
export {
  LANGUAGE_KEY,
  languageAtom,
  getLanguage,
  setLanguage,
  chooseLanguage,
  startLanguage,
  preferredLanguage,
  currentWishes,
  type LanguageWishes,
} from './language';
export { useI18n, useLanguage, useCatalogs } from './react';
export { LanguageMenu, type LanguageMenuProps } from './language-menu';
export {
  intlLocale,
  formatNumber,
  formatPrice,
  formatDate,
  formatDateTime,
  formatTime,
  formatDuration,
  formatRelativeTime,
  formatList,
  useFormat,
} from './format';
