/** Scripts written right to left, by language subtag (BCP 47 primary language). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/**
 * The direction of a subtitle track's text, from the track's own language (not the UI's): an
 * Arabic or Hebrew track is right to left, and right-aligned, even in an English interface.
 */
export function captionDirection(lang: string | null | undefined): 'ltr' | 'rtl' {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_LANGUAGES.has(primary) ? 'rtl' : 'ltr';
}
