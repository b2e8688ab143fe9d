import list from './languages.json';

/**
 * The UI languages (languages.json, issue 37) and how a wish (a profile's language, a stored choice,
 * the browser's languages) becomes one of them.
 */
export interface UiLanguage {
  code: string;
  /** The language's own name, as the menu shows it. */
  name: string;
  dir: 'ltr' | 'rtl';
}

export const SOURCE_LANGUAGE: string = list.source;
/** The eight shipped languages, in the menu's order. */
export const LANGUAGES: readonly UiLanguage[] = list.languages as UiLanguage[];
/** The pseudo-locale: English made longer, accented and wrapped in bidi markers (layout tests). */
export const PSEUDO_LANGUAGE: UiLanguage = list.pseudo as UiLanguage;
const ALL: readonly UiLanguage[] = [...LANGUAGES, PSEUDO_LANGUAGE];

/** The language of `code` (exactly, case-insensitive), pseudo-locale included; null when unknown. */
export function uiLanguage(code: string | null | undefined): UiLanguage | null {
  if (!code) return null;
  const want = code.toLowerCase();
  return ALL.find((l) => l.code.toLowerCase() === want) ?? null;
}

/**
 * The best shipped language for a list of BCP 47 tags, in order of preference: an exact match, else
 * the same base language (pt and pt-PT give pt-BR, en-US gives en). The pseudo-locale matches only
 * exactly. Null when none fits.
 */
export function bestLanguage(tags: readonly (string | null | undefined)[]): string | null {
  for (const tag of tags) {
    if (!tag) continue;
    const exact = uiLanguage(tag);
    if (exact) return exact.code;
    const base = tag.toLowerCase().split(/[-_]/)[0];
    const same = LANGUAGES.find((l) => l.code.toLowerCase().split('-')[0] === base);
    if (same) return same.code;
  }
  return null;
}

export const dirOf = (code: string): 'ltr' | 'rtl' => uiLanguage(code)?.dir ?? 'ltr';
