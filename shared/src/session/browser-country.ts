/**
 * The viewer's country as the browser suggests it: the region of the first
 * preferred language that has one ("en-GB" → "GB"). Null when none does.
 */
export function browserCountry(
  languages: readonly string[] = navigator.languages ?? [],
): string | null {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // Not a valid language tag: try the next one.
    }
  }
  return null;
}
