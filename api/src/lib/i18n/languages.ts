// The one list of UI languages (issue 37), read by relative path so the API never keeps a copy.
import languagesFile from '../../../../shared/src/i18n/languages.json';

/** A shipped UI language's BCP 47 tag: 'en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'ar', 'he'. */
export type Language = string;

export const SOURCE_LANGUAGE: Language = languagesFile.source;
export const LANGUAGES: readonly Language[] = languagesFile.languages.map((l) => l.code);

const byLowerCase = new Map(LANGUAGES.map((code) => [code.toLowerCase(), code]));
/** A bare primary subtag names the shipped language with that primary subtag ('pt' -> 'pt-BR'). */
const byPrimary = new Map<string, Language>();
for (const code of LANGUAGES) {
  const primary = code.split('-')[0]!.toLowerCase();
  if (!byPrimary.has(primary)) byPrimary.set(primary, code);
}

/**
 * The shipped language a tag stands for, or null: exact first ('pt-BR', 'PT-br'), then its primary
 * subtag ('es-MX' -> 'es', 'pt' and 'pt-PT' -> 'pt-BR'), so a viewer gets the nearest language we have.
 */
export function shippedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!lower || lower === '*') return null;
  return byLowerCase.get(lower) ?? byPrimary.get(lower.split('-')[0]!) ?? null;
}
