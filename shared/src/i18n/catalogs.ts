import type { Messages } from '@lingui/core';
import { SOURCE_LANGUAGE } from './languages';
import { i18n, loadMessages } from './runtime';

/**
 * Each workspace's catalogs (docs/i18n.md): `<workspace>/src/locales/<lang>.ts`, compiled from the
 * PO files by `npm run i18n` and committed. A workspace declares them once, in
 * `<workspace>/src/locales/catalogs.ts`:
 *
 *   export const catalogs = defineCatalogs('mf-catalog', (lang) => import(`./${lang}.ts`));
 *
 * and each exposed screen calls `useCatalogs(catalogs)` first: the screen suspends (behind the shell's
 * fallback) until its workspace's messages for the active language are in, loaded with `import()`,
 * so only the active language's catalog is downloaded, with the screen.
 */
export interface CompiledCatalog {
  /** Message id -> compiled message (Lingui's compiled form), as `npm run i18n` writes it. */
  messages: Record<string, string | unknown[]>;
}

export interface Catalogs {
  workspace: string;
  /** Resolves once this workspace's messages for `language` (and English, its fallback) are loaded. */
  ready(language: string): Promise<void>;
  /** Whether they are loaded. */
  isReady(language: string): boolean;
}

const registered = new Map<string, Catalogs>();

/**
 * Declares a workspace's catalogs. `load(lang)` imports the compiled catalog of one language;
 * `source`, when given, is the English one imported statically (the shell's, so its first screen
 * needs no extra request).
 */
export function defineCatalogs(
  workspace: string,
  load: (language: string) => Promise<CompiledCatalog>,
  source?: CompiledCatalog,
): Catalogs {
  const existing = registered.get(workspace);
  if (existing) return existing;
  const pending = new Map<string, Promise<void>>();
  const done = new Set<string>();
  const importCatalog = async (language: string): Promise<Messages> => {
    if (language === SOURCE_LANGUAGE && source) return source.messages as Messages;
    try {
      return (await load(language)).messages as Messages;
    } catch (err) {
      // A language this build has no catalog for shows in English, key by key, rather than failing.
      console.warn(`i18n: ${workspace} could not load its ${language} catalog`, err);
      return {};
    }
  };
  const finish = (language: string, english: Messages, own: Messages) => {
    loadMessages(language, english, own);
    done.add(language);
  };
  if (source) finish(SOURCE_LANGUAGE, source.messages as Messages, source.messages as Messages);
  const catalogs: Catalogs = {
    workspace,
    isReady: (language) => done.has(language),
    ready(language) {
      if (done.has(language)) return Promise.resolve();
      let p = pending.get(language);
      if (!p) {
        p = Promise.all([importCatalog(SOURCE_LANGUAGE), importCatalog(language)]).then(
          ([english, own]) =>
            finish(language, english, language === SOURCE_LANGUAGE ? english : own),
        );
        pending.set(language, p);
      }
      return p;
    },
  };
  registered.set(workspace, catalogs);
  // A workspace that arrives while another language is active loads that language at once.
  if (i18n.locale !== SOURCE_LANGUAGE || !source) void catalogs.ready(i18n.locale);
  return catalogs;
}

/** Loads every declared workspace's messages for `language` (before it is activated). */
export const loadAllCatalogs = (language: string): Promise<void> =>
  Promise.all([...registered.values()].map((c) => c.ready(language))).then(() => undefined);

/** The workspaces declared so far. */
export const declaredWorkspaces = (): string[] => [...registered.keys()];
