/**
 * The seed vocabulary: the hand-written words the catalogue builder (catalogue-data.ts) draws from.
 * The words are data and live in seed-vocabulary.json: edit there to change what the catalogue
 * says; the builder decides how they are combined. This loader gives them their types and refuses
 * a file of the wrong shape when the module loads, naming the place, instead of seeding a broken
 * catalogue.
 */
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import vocabularyFile from './seed-vocabulary.json';

const Words = Type.Array(Type.String({ minLength: 1 }), { minItems: 1 });
const CodeAndName = Type.Array(Type.Object({ code: Type.String(), name: Type.String() }), {
  minItems: 1,
});

/** Name pools by region, for directors, cast and characters. */
const RegionSchema = Type.Union([
  Type.Literal('anglo'),
  Type.Literal('fr'),
  Type.Literal('de'),
  Type.Literal('hisp'),
  Type.Literal('it'),
  Type.Literal('in'),
  Type.Literal('ja'),
  Type.Literal('ko'),
  Type.Literal('pt'),
  Type.Literal('nordic'),
  Type.Literal('ng'),
]);
export type Region = Static<typeof RegionSchema>;

/** A hand-written title: [name, year, genre slugs, production country, logline, original language?]. */
export type TitleRow = [string, number, string, string, string, string?];
const Year = Type.Integer();
// Two tuples: a JSON Schema tuple has no optional element.
const TitleRowSchema = Type.Union([
  Type.Tuple([Type.String(), Year, Type.String(), Type.String(), Type.String()]),
  Type.Tuple([Type.String(), Year, Type.String(), Type.String(), Type.String(), Type.String()]),
]);

const SeedVocabularySchema = Type.Object({
  genreNames: Words,
  countries: CodeAndName,
  languages: CodeAndName,
  /** Production country -> the language its titles are made in. */
  countryLanguage: Type.Record(Type.String(), Type.String()),
  countryRegion: Type.Record(Type.String(), RegionSchema),
  names: Type.Record(RegionSchema, Type.Object({ first: Words, last: Words })),
  movies: Type.Array(TitleRowSchema, { minItems: 1 }),
  series: Type.Array(TitleRowSchema, { minItems: 1 }),
  secondSentences: Words,
  episodeNames: Words,
  /** `{a}` and `{b}` stand for two characters of the series. */
  episodePlots: Words,
  documentaryEpisodePlots: Words,
  movieMaturity: Words,
  seriesMaturity: Words,
  /** Synthetic titles for benchmarks: cheap, varied words so full-text search has work to do. */
  synthetic: Type.Object({
    adjectives: Words,
    nouns: Words,
    places: Words,
    roles: Words,
    verbs: Words,
    objects: Words,
  }),
});

export type SeedVocabulary = Static<typeof SeedVocabularySchema>;

/** The vocabulary in `data`, or an error naming the first few wrong places of `file`. */
export function parseSeedVocabulary(data: unknown, file: string): SeedVocabulary {
  if (Value.Check(SeedVocabularySchema, data)) return data;
  // One line per wrong place: a union (a title row, a region) reports each alternative it tried.
  const problems = new Map<string, string>();
  for (const error of Value.Errors(SeedVocabularySchema, data)) {
    const place = error.instancePath || '/';
    if (!problems.has(place)) problems.set(place, `${place} ${error.message}`);
  }
  const shown = [...problems.values()].slice(0, 5).join('; ');
  throw new Error(`${file} is not a valid seed vocabulary: ${shown}`);
}

const vocabulary = parseSeedVocabulary(vocabularyFile, 'seed-vocabulary.json');

export const GENRE_NAMES: readonly string[] = vocabulary.genreNames;
export const COUNTRIES: ReadonlyArray<{ code: string; name: string }> = vocabulary.countries;
export const LANGUAGES: ReadonlyArray<{ code: string; name: string }> = vocabulary.languages;
export const COUNTRY_LANGUAGE: Readonly<Record<string, string>> = vocabulary.countryLanguage;
export const COUNTRY_REGION: Readonly<Record<string, Region>> = vocabulary.countryRegion;
export const NAMES: Readonly<
  Record<Region, { first: readonly string[]; last: readonly string[] }>
> = vocabulary.names;
export const MOVIES: readonly TitleRow[] = vocabulary.movies;
export const SERIES: readonly TitleRow[] = vocabulary.series;
export const SECOND_SENTENCES: readonly string[] = vocabulary.secondSentences;
export const EPISODE_NAMES: readonly string[] = vocabulary.episodeNames;
export const EPISODE_PLOTS: readonly string[] = vocabulary.episodePlots;
export const DOCUMENTARY_EPISODE_PLOTS: readonly string[] = vocabulary.documentaryEpisodePlots;
export const MOVIE_MATURITY: readonly string[] = vocabulary.movieMaturity;
export const SERIES_MATURITY: readonly string[] = vocabulary.seriesMaturity;
export const SYN_ADJ: readonly string[] = vocabulary.synthetic.adjectives;
export const SYN_NOUN: readonly string[] = vocabulary.synthetic.nouns;
export const SYN_PLACE: readonly string[] = vocabulary.synthetic.places;
export const SYN_ROLE: readonly string[] = vocabulary.synthetic.roles;
export const SYN_VERB: readonly string[] = vocabulary.synthetic.verbs;
export const SYN_OBJECT: readonly string[] = vocabulary.synthetic.objects;
