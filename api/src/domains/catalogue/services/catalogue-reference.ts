import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { SOURCE_LANGUAGE, type Language } from '../../../lib/i18n/languages';
import { categoryName, genreName, localGenres, sortLabel } from './catalogue-names';

export interface Genre {
  id: string;
  name: string;
  slug: string;
}
export interface TitleLocalization {
  name: string | null;
  synopsis: string | null;
}
export interface Category {
  id: string;
  slug: string;
  name: string;
  rule: string;
  genreId: string | null;
  sortOrder: number;
}

export const categorySummary = (c: Category, language: Language = SOURCE_LANGUAGE) => ({
  id: c.id,
  slug: c.slug,
  name: categoryName(c, language),
  rule: c.rule,
});

/** The catalogue's sort orders, in the order the filter options list them. */
export const SORT_OPTIONS = [
  'relevance',
  'popularity',
  'newest',
  'oldest',
  'rating',
  'az',
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];

const SORT_LABELS: Record<SortBy, string> = {
  relevance: 'Best match',
  popularity: 'Most popular',
  newest: 'Newest',
  oldest: 'Oldest',
  rating: 'Highest rated',
  az: 'A to Z',
};

/** What the explore screen offers to filter and sort by, named in `language`. */
type Named = Array<{ code: string; name: string }>;
const named = new WeakMap<Named, Map<Language, Named>>();

/**
 * Countries' and languages' names in `language` (Intl's, as CLDR writes them: "Francia",
 * "الفرنسية"), in that language's alphabetical order; a code Intl does not know keeps its stored
 * (English) name. Built once per list and language.
 */
export function localNames(list: Named, type: 'region' | 'language', language: Language): Named {
  if (language === SOURCE_LANGUAGE) return list;
  let byLanguage = named.get(list);
  if (!byLanguage) named.set(list, (byLanguage = new Map()));
  let local = byLanguage.get(language);
  if (!local) {
    const names = new Intl.DisplayNames([language], { type, fallback: 'none' });
    const of = (code: string) => {
      try {
        return names.of(type === 'region' ? code.toUpperCase() : code);
      } catch {
        return undefined;
      }
    };
    local = list
      .map((item) => ({ ...item, name: of(item.code) ?? item.name }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
    byLanguage.set(language, local);
  }
  return local;
}

export function filterOptions(ref: CatalogueReference, language: Language = SOURCE_LANGUAGE) {
  return {
    genres: localGenres(ref.genres, language),
    categories: ref.categories.map((c) => categorySummary(c, language)),
    countries: localNames(ref.countries, 'region', language),
    languages: localNames(ref.languages, 'language', language),
    timePeriods: ref.decades.map((d) => ({ value: `${d}s`, label: `${d}s` })),
    sortOptions: (Object.keys(SORT_LABELS) as SortBy[]).map((value) => ({
      value,
      label: sortLabel(value, SORT_LABELS[value], language),
    })),
  };
}

/** A category named by its slug, or by a genre's name or slug (its genre category). */
export function findCategoryOrGenre(ref: CatalogueReference, name: string): Category | undefined {
  const category = ref.findCategory(name);
  if (category) return category;
  const genre = ref.findGenre(name);
  return genre
    ? ref.categories.find((c) => c.rule === 'genre' && c.genreId === genre.id)
    : undefined;
}

/**
 * The small, static lists of the catalogue (genres, categories, countries,
 * languages, a few thresholds) loaded once at start: every card and filter needs
 * them, and they only change when the catalogue is re-seeded.
 */
export class CatalogueReference {
  genres: Genre[] = [];
  genreById = new Map<string, Genre>();
  categories: Category[] = [];
  countries: Array<{ code: string; name: string }> = [];
  languages: Array<{ code: string; name: string }> = [];
  decades: number[] = [];
  /** Popularity of the 100th most popular title: "trending" means at least this. */
  trendingThreshold = 0;
  /** Releases on or after this date count as "new". */
  newReleaseCutoff = '0000-00-00';
  topRatedThreshold = 8;
  /** Localised names and synopses (title_localizations): title id -> language -> fields. */
  localizations = new Map<string, Map<Language, TitleLocalization>>();

  async load(db: Kysely<Database>): Promise<void> {
    this.localizations = new Map();
    for (const l of await db.selectFrom('title_localizations').selectAll().execute()) {
      let byLanguage = this.localizations.get(l.title_id);
      if (!byLanguage) this.localizations.set(l.title_id, (byLanguage = new Map()));
      byLanguage.set(l.language, { name: l.name, synopsis: l.synopsis });
    }
    this.genres = await db
      .selectFrom('genres')
      .select(['id', 'name', 'slug'])
      .orderBy('name')
      .execute();
    this.genreById = new Map(this.genres.map((g) => [g.id, g]));
    this.categories = (
      await db.selectFrom('categories').selectAll().orderBy('sort_order').execute()
    ).map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      rule: c.rule,
      genreId: c.genre_id,
      sortOrder: c.sort_order,
    }));
    this.countries = await db
      .selectFrom('countries')
      .select(['code', 'name'])
      .orderBy('name')
      .execute();
    this.languages = await db
      .selectFrom('languages')
      .select(['code', 'name'])
      .orderBy('name')
      .execute();
    const years = await db
      .selectFrom('titles')
      .select((eb) => [eb.fn.min('year').as('lo'), eb.fn.max('year').as('hi')])
      .executeTakeFirst();
    const lo = Number(years?.lo ?? 2000);
    const hi = Number(years?.hi ?? 2000);
    this.decades = [];
    for (let d = Math.floor(hi / 10) * 10; d >= Math.floor(lo / 10) * 10; d -= 10)
      this.decades.push(d);
    const pivot = await db
      .selectFrom('titles')
      .select('popularity')
      .orderBy('popularity', 'desc')
      .offset(99)
      .limit(1)
      .executeTakeFirst();
    this.trendingThreshold = pivot?.popularity ?? 0;
    const newest = await db
      .selectFrom('titles')
      .select('release_date')
      .orderBy('release_date', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newest) {
      const cutoff = new Date(newest.release_date);
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 2);
      this.newReleaseCutoff = cutoff.toISOString().slice(0, 10);
    }
  }

  /** Accepts an id ('g-drama'), a slug ('drama') or a name ('Drama'). */
  findGenre(ref: string): Genre | undefined {
    const key = ref.trim().toLowerCase();
    return (
      this.genreById.get(ref) ??
      this.genres.find((g) => g.slug === key || g.name.toLowerCase() === key || g.id === key)
    );
  }

  findCategory(ref: string): Category | undefined {
    const key = ref.trim().toLowerCase();
    return this.categories.find(
      (c) => c.id === ref || c.slug === key || c.name.toLowerCase() === key,
    );
  }

  /** A title's name and synopsis in `language`, each falling back to the original on its own. */
  localized<T extends { name: string; synopsis?: string }>(
    titleId: string,
    original: T,
    language: Language,
  ): T {
    const l =
      language === SOURCE_LANGUAGE ? undefined : this.localizations.get(titleId)?.get(language);
    if (!l) return original;
    return {
      ...original,
      name: l.name ?? original.name,
      ...(original.synopsis !== undefined ? { synopsis: l.synopsis ?? original.synopsis } : {}),
    };
  }

  /** Genre names of a card, in `language`. */
  localGenreNames(genreIds: readonly string[], language: Language): string[] {
    return genreIds
      .map((id) => this.genreById.get(id))
      .filter((g): g is Genre => !!g)
      .map((g) => genreName(g, language));
  }

  genreNames(genreIdsJson: string): string[] {
    const ids = JSON.parse(genreIdsJson) as string[];
    return ids.map((id) => this.genreById.get(id)?.name).filter((n): n is string => !!n);
  }
}
