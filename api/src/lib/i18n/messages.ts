import { LANGUAGES, SOURCE_LANGUAGE, type Language } from './languages';
import ar from './messages/ar.json';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import he from './messages/he.json';
import ja from './messages/ja.json';
import ptBR from './messages/pt-BR.json';

/**
 * The API's words (error messages, validation phrases, emails) in every shipped language: one flat
 * JSON catalog per language in ./messages, keyed like `error.signInRequired`, with `{name}`
 * placeholders. en.json is the source; messages.test.ts fails when a language misses a key or a
 * placeholder.
 */
export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

export const CATALOGS: Readonly<Record<Language, Catalog>> = {
  en,
  es,
  fr,
  de,
  'pt-BR': ptBR,
  ja,
  ar,
  he,
};

for (const language of LANGUAGES)
  if (!CATALOGS[language]) throw new Error(`No API message catalog for the language ${language}`);

export type MessageParams = Record<string, string | number>;

const fill = (template: string, params: MessageParams = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );

/** The message `key` in `language` (English where the catalog has no such key), placeholders filled. */
export function translate(key: MessageKey, language: Language, params?: MessageParams): string {
  const catalog = CATALOGS[language] ?? CATALOGS[SOURCE_LANGUAGE]!;
  return fill(catalog[key] ?? en[key], params);
}

interface Pattern {
  key: MessageKey;
  regex: RegExp;
  names: string[];
  /** Characters of the template outside placeholders: the most specific pattern is tried first. */
  literal: number;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English messages without placeholders by text; the others as patterns, longest literal text first. */
const exact = new Map<string, MessageKey>();
const patterns: Pattern[] = [];
for (const [key, template] of Object.entries(en) as Array<[MessageKey, string]>) {
  if (!key.startsWith('error.') && !key.startsWith('ok.')) continue;
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.length === 0) {
    exact.set(template, key);
    continue;
  }
  const source = template
    .split(/\{\w+\}/)
    .map(escapeRegex)
    .join('(.+?)');
  const literal = template.replace(/\{\w+\}/g, '').length;
  patterns.push({ key, regex: new RegExp(`^${source}$`, 's'), names, literal });
}
patterns.sort((a, b) => b.literal - a.literal);

/**
 * An English error (or success, `ok.*`) message as written by the code that threw it, in `language`: the catalog entry whose
 * English text it is (placeholders carry over: a title's name, a number of minutes). A message the
 * catalogs do not know stays English, so nothing is ever lost.
 */
export function localiseMessage(message: string, language: Language): string {
  if (language === SOURCE_LANGUAGE) return message;
  const found = catalogEntryOf(message);
  return found ? translate(found.key, language, found.params) : message;
}

/** The catalog key (and placeholder values) of an English error message, if the catalogs know it. */
export function catalogEntryOf(
  message: string,
): { key: MessageKey; params?: MessageParams } | undefined {
  const key = exact.get(message);
  if (key) return { key };
  for (const p of patterns) {
    const m = p.regex.exec(message);
    if (!m) continue;
    const params: MessageParams = {};
    p.names.forEach((name, i) => (params[name] = m[i + 1]!));
    return { key: p.key, params };
  }
  return undefined;
}
