/**
 * The viewer's country as the browser suggests it: the region of the first
 * preferred language that has one ("en-GB" → "GB"). Null when none does.
 */
export function browserCountry(
  languages: readonly string[] = navigator.languages ?? [],
): string | null {
  for (const tag of languages) {
    // Most tags name their region ("en-GB"): read it without Intl.Locale#maximize, whose
    // likely-subtags data costs tens of milliseconds on a phone the first time it is used.
    const explicit = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(tag);
    if (explicit?.[1]) return explicit[1].toUpperCase();
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a valid language tag: try the next one.
    }
  }
  return null;
}
