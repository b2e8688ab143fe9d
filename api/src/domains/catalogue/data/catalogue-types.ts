/**
 * The shape of the seeded catalogue: produced by catalogue-data.ts (pure, deterministic),
 * inserted by the database seeder. Ids are stable strings so URLs survive re-seeding.
 */
export type TitleType = 'movie' | 'series';

export interface GenreSeed {
  id: string; // 'g-action'
  name: string; // 'Action'
  slug: string; // 'action'
}

export interface CategorySeed {
  id: string;
  /** URL name used by GET /categorys/details-test/{catName}: 'trending', 'new-releases', 'top-rated', 'action'... */
  slug: string;
  name: string;
  /** How its titles are chosen: explicit list, or a rule the server evaluates. */
  rule: 'trending' | 'new-releases' | 'top-rated' | 'genre' | 'series' | 'movies' | 'free';
  genreId?: string;
  sortOrder: number;
}

export interface CastMember {
  name: string;
  character: string;
}

export interface TitleSeed {
  id: string; // 't-0001'
  type: TitleType;
  name: string;
  synopsis: string;
  releaseDate: string; // ISO date
  year: number;
  runtimeMinutes: number; // movies: length; series: typical episode length
  rating: number; // 0-10, one decimal
  maturity: string; // 'PG-13', 'TV-MA'...
  genreIds: string[];
  countries: string[]; // ISO 3166 alpha-2 production countries
  /** Where it may be streamed; ['*'] = everywhere. */
  availableIn: string[];
  language: string; // ISO 639-1 original language
  audioLanguages: string[];
  subtitleLanguages: string[];
  premium: boolean;
  popularity: number; // for trending
  cast: CastMember[];
  director: string;
  /** Key of a generated media clip (MediaClip.key) for the feature / trailer. */
  mediaKey: string;
  trailerKey: string;
  /** Artwork palette seed; artwork is generated from it. */
  artSeed: number;
}

export interface SeasonSeed {
  id: string; // 's-0061-1'
  titleId: string;
  number: number;
  name: string;
  year: number;
}

export interface EpisodeSeed {
  id: string; // 'e-0061-1-01'
  seasonId: string;
  titleId: string;
  number: number;
  name: string;
  synopsis: string;
  runtimeMinutes: number;
  mediaKey: string;
  /** Seconds; present on some episodes to drive "skip intro"/"skip credits". */
  introStart?: number;
  introEnd?: number;
  creditsStart?: number;
}

/** A title's name and/or synopsis in a UI language ('es', 'ja'); a missing field shows the original. */
export interface TitleLocalizationSeed {
  titleId: string;
  language: string;
  name?: string;
  synopsis?: string;
}

export interface CatalogueSeed {
  genres: GenreSeed[];
  categories: CategorySeed[];
  countries: Array<{ code: string; name: string }>;
  languages: Array<{ code: string; name: string }>;
  titles: TitleSeed[];
  seasons: SeasonSeed[];
  episodes: EpisodeSeed[];
  /** Localised names and synopses of a few titles (absent: none). */
  localizations?: TitleLocalizationSeed[];
}

/** A generated HLS clip on disk: <mediaRoot>/<key>/master.m3u8 with renditions and subtitles. */
export interface MediaClip {
  key: string;
  durationSeconds: number;
  renditions: Array<{ name: string; width: number; height: number; bandwidth: number }>;
  subtitles: Array<{ language: string; name: string; uri: string }>;
  /** Trickplay WebVTT index relative to the clip, once its sprites exist. */
  thumbnails?: string;
}
