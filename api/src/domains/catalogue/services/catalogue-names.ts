import names from '../i18n/catalogue-names.json';
import { SOURCE_LANGUAGE, type Language } from '../../../lib/i18n/languages';

type Translations = Record<string, Partial<Record<Language, string>>>;
const GENRES = names.genres as Translations;
const CATEGORIES = names.categories as Translations;
const SORT_OPTIONS = names.sortOptions as Translations;

const collators = new Map<Language, Intl.Collator>();
const collator = (language: Language) => {
  let c = collators.get(language);
  if (!c) collators.set(language, (c = new Intl.Collator(language)));
  return c;
};

/**
 * The catalogue's own words (genres, categories, sort orders) in the request's language. English is
 * the seed's, so English answers stay as they were; a name without a translation (a genre added to the
 * seed later) keeps its English name rather than showing a key.
 */
export const genreName = (genre: { id: string; name: string }, language: Language): string =>
  (language !== SOURCE_LANGUAGE && GENRES[genre.id]?.[language]) || genre.name;

export const categoryName = (
  category: { slug: string; name: string; genreId: string | null },
  language: Language,
): string => {
  if (language === SOURCE_LANGUAGE) return category.name;
  const own = CATEGORIES[category.slug]?.[language];
  if (own) return own;
  return category.genreId
    ? genreName({ id: category.genreId, name: category.name }, language)
    : category.name;
};

export const sortLabel = (value: string, english: string, language: Language): string =>
  (language !== SOURCE_LANGUAGE && SORT_OPTIONS[value]?.[language]) || english;

/** The genres with their names in `language`, in that language's alphabetical order. */
export function localGenres<G extends { id: string; name: string }>(
  genres: readonly G[],
  language: Language,
): G[] {
  if (language === SOURCE_LANGUAGE) return [...genres];
  const c = collator(language);
  return genres
    .map((g) => ({ ...g, name: genreName(g, language) }))
    .sort((a, b) => c.compare(a.name, b.name));
}

/** Every id of the translated genres, slugs of the categories and sort orders (tests). */
export const TRANSLATED = { genres: GENRES, categories: CATEGORIES, sortOptions: SORT_OPTIONS };
