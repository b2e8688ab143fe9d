/**
 * English name of an ISO 639-1 language code, for the facts on a title page.
 *
 * The catalogue's languages are named from this table. Only a code outside it builds an
 * `Intl.DisplayNames`: constructing one loads the locale's language data, which on a
 * throttled phone was a 90 ms task in the title page's first render (Lighthouse).
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

let displayNames: Intl.DisplayNames | undefined;

export function languageName(code: string): string {
  const known = NAMES[code.toLowerCase()];
  if (known) return known;
  try {
    displayNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
    return displayNames.of(code) ?? code;
  } catch {
    return code; // not a well-formed language tag
  }
}
