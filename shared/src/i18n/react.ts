import { useSyncExternalStore } from 'react';
import type { I18n } from '@lingui/core';
import { useAtomValue } from 'jotai';
import type { Catalogs } from './catalogs';
import { languageAtom } from './language';
import { i18n } from './runtime';

// Only the active language re-renders: Lingui also says "change" when a workspace's catalog is
// loaded, and with a version counter every catalog arriving during start-up re-rendered the whole
// app synchronously (useSyncExternalStore), one 400-650 ms task on a phone (main-thread.spec.ts).
// A screen waits for its own catalog (useCatalogs), so no one else needs that render.
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const getLocale = () => i18n.locale;

/**
 * The i18n instance, re-rendering the component when the language (or a loaded catalog) changes.
 * Write messages as `i18n._({ id, message, values })`, the variable named `i18n`: that is what
 * `npm run i18n` extracts. Needs no provider (tests render without one).
 */
export function useI18n(): I18n {
  useSyncExternalStore(subscribe, getLocale, getLocale);
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
  // Thrown, not `use()`d: React replays a component that suspended on `use()` with the hooks of its
  // first attempt, and that replay intermittently threw "Update hook called on initial render"
  // (React error #467 in useI18n's store hook; 8 in 30 loads of /verify-email), which put the
  // screen behind its error boundary. A thrown promise unwinds to the Suspense boundary instead,
  // and the screen renders afresh once its catalog is there.
  if (!catalogs.isReady(language)) throw catalogs.ready(language);
}
