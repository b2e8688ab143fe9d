import { I18n, type MessageDescriptor, type MessageOptions, type Messages } from '@lingui/core';
import { fastNumber, pluralRules } from './fast-format';
import { PSEUDO_LANGUAGE, SOURCE_LANGUAGE } from './languages';

/**
 * The federation's one i18n instance (docs/i18n.md). The shared package is a singleton, so every
 * remote translates through this object; @lingui/core and @lingui/react are singletons too.
 *
 * Message ids are `<workspace>.<screen>.<what>` (e.g. `shell.header.signIn`): one flat dictionary per
 * language holds every workspace's messages, and the prefix says whose catalog a message is in.
 *
 * Per-key fallback: a language's catalog that lacks a message (a remote built before it was
 * translated) shows that message in English, from the same workspace's English catalog loaded beside
 * it, never its id. Each such message is logged once and counted (i18nFallbacks()).
 */

export interface I18nFallback {
  workspace: string;
  id: string;
  language: string;
}

const fallbacks: I18nFallback[] = [];
const seen = new Set<string>();
/** Ids each language's own catalogs translate (the rest shows in English). */
const translated = new Map<string, Set<string>>();
const listeners = new Set<(fallback: I18nFallback) => void>();

const workspaceOf = (id: string) => id.split('.')[0] ?? id;

function noteFallback(id: string, language: string) {
  const key = `${language}\u0000${id}`;
  if (seen.has(key)) return;
  seen.add(key);
  const fallback = { workspace: workspaceOf(id), id, language };
  fallbacks.push(fallback);
  console.warn(
    `i18n: ${fallback.workspace} has no ${language} translation of "${id}"; showing English`,
  );
  for (const listener of listeners) listener(fallback);
}

/**
 * A compiled message (Lingui's tokens) interpolated here when it holds only text, placeholders,
 * select and plural: Lingui's plural formats `#` with a new Intl.NumberFormat even when the message
 * has no `#`, and a page's first Intl formatter is a phone-sized long task (fast-format.ts). The
 * result is Lingui's own; null hands the message back to Lingui (other formats, escapes, big numbers).
 */
type Token = string | [string, string?, Record<string, Token[] | string>?];
const ESCAPES = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/;
function interpolate(
  tokens: Token[] | string,
  values: Record<string, unknown>,
  language: string,
  octothorpe: string | null,
): string | null {
  if (typeof tokens === 'string') return tokens;
  let text = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      text += token === '#' && octothorpe !== null ? octothorpe : token;
      continue;
    }
    const [name, type, cases] = token;
    const value = values[name];
    if (!type) {
      if (value !== null && value !== undefined) text += String(value);
      continue;
    }
    if (!cases || (type !== 'plural' && type !== 'selectordinal' && type !== 'select')) return null;
    let chosen: Token[] | string | undefined;
    let hash: string | null = null;
    if (type === 'select') chosen = cases[String(value)] ?? cases.other;
    else {
      const offset = Number(cases.offset ?? 0);
      const n = Number(value) - offset;
      hash = fastNumber(language, n);
      if (hash === null) return null;
      chosen =
        cases[String(value)] ??
        cases[pluralRules(language, type === 'selectordinal').select(n)] ??
        cases.other;
    }
    if (chosen === undefined) continue;
    // As Lingui: `#` is the number only directly in a plural's case (literal inside a select).
    const inner = interpolate(chosen, values, language, hash);
    if (inner === null) return null;
    text += inner;
  }
  return text;
}

class FederationI18n extends I18n {
  override _(
    descriptor: MessageDescriptor | string,
    values?: MessageDescriptor['values'],
    options?: MessageOptions,
  ): string {
    const id = typeof descriptor === 'string' ? descriptor : descriptor?.id;
    const language = this.locale;
    if (id && language && language !== SOURCE_LANGUAGE && !translated.get(language)?.has(id))
      noteFallback(id, language);
    const compiled = id ? (this.messages[id] as Token[] | string | undefined) : undefined;
    if (Array.isArray(compiled) && language && !options?.formats) {
      const numbers = language === PSEUDO_LANGUAGE.code ? SOURCE_LANGUAGE : language;
      const given = typeof descriptor === 'object' ? descriptor?.values : undefined;
      const text = interpolate(compiled, given ?? values ?? {}, numbers, null);
      if (text !== null && !ESCAPES.test(text)) return text;
    }
    return super._(descriptor as string, values, options);
  }
}

/** The one instance. Active in English from the start, so a screen renders before any catalog loads. */
export const i18n: I18n = new FederationI18n({});
i18n.activate(SOURCE_LANGUAGE);

/**
 * Loads one workspace's compiled messages for `language`, over its English ones (the per-key
 * fallback). `english` and `own` are the compiled catalogs (`<workspace>/src/locales/<lang>.ts`).
 */
export function loadMessages(language: string, english: Messages, own: Messages): void {
  const ids = translated.get(language) ?? new Set<string>();
  for (const id of Object.keys(own)) ids.add(id);
  translated.set(language, ids);
  // Always a copy: Lingui keeps the first object it is given for a language and assigns later
  // catalogs into it, which must not write into a workspace's own module.
  i18n.load(language, language === SOURCE_LANGUAGE ? { ...own } : { ...english, ...own });
}

/** Every message shown in English for want of a translation since start (or the last reset). */
export const i18nFallbacks = (): readonly I18nFallback[] => fallbacks;

/** Calls `listener` for each new fallback (the shell's signals report them); returns the unsubscribe. */
export function onI18nFallback(listener: (fallback: I18nFallback) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: forget the fallbacks seen so far. */
export function resetI18nFallbacks(): void {
  fallbacks.length = 0;
  seen.clear();
}
