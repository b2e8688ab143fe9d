import { intlLocale } from '@streamflix/shared';

/**
 * Name of an ISO 639-1 language code in the active UI language, for the facts on a title page.
 *
 * In English the catalogue's languages are named from this table. Other UI languages (and a
 * code outside the table) build one `Intl.DisplayNames` per language, kept for the next call.
 *
 * Constructing one loads the locale's language data, which on a throttled phone was a 90 ms
 * task in the title page's first render (Lighthouse): English, the common case, avoids it.
 */
const NAMES: Record<string, string> = {
  ar: 'Arabic',
  bn: 'Bangla',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  fi: 'Finnish',
  fr: 'French',
  he: 'Hebrew',
  hi: 'Hindi',
  id: 'Indonesian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  ru: 'Russian',
  sv: 'Swedish',
  ta: 'Tamil',
  te: 'Telugu',
  th: 'Thai',
  tr: 'Turkish',
  uk: 'Ukrainian',
  vi: 'Vietnamese',
  yo: 'Yoruba',
  zh: 'Chinese',
};

const displayNames = new Map<string, Intl.DisplayNames>();

export function languageName(code: string): string {
  const locale = intlLocale();
  const english = locale === 'en' || locale.startsWith('en-');
  const known = english ? NAMES[code.toLowerCase()] : undefined;
  if (known) return known;
  try {
    let names = displayNames.get(locale);
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'language' });
      displayNames.set(locale, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed language tag
  }
}
