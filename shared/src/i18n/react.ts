import { use, useSyncExternalStore } from 'react';
import type { I18n } from '@lingui/core';
import { useAtomValue } from 'jotai';
import type { Catalogs } from './catalogs';
import { languageAtom } from './language';
import { i18n } from './runtime';

let version = 0;
i18n.on('change', () => {
  version += 1;
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const getVersion = () => version;

/**
 * The i18n instance, re-rendering the component when the language (or a loaded catalog) changes.
 * Write messages as `i18n._({ id, message, values })`, the variable named `i18n`: that is what
 * `npm run i18n` extracts. Needs no provider (tests render without one).
 */
export function useI18n(): I18n {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  return i18n;
}

/** The active UI language's code (`en`, `pt-BR`…). */
export const useLanguage = (): string => useAtomValue(languageAtom);

/**
 * First call of every exposed screen: suspends until the workspace's messages for the active
 * language are loaded (only that language's catalog is downloaded, with the screen).
 */
export function useCatalogs(catalogs: Catalogs): void {
  useI18n();
  const language = i18n.locale;
  if (!catalogs.isReady(language)) use(catalogs.ready(language));
}
