/**
 * The catalogue domain's tables: titles with their reference data, and what a profile keeps of
 * them (My List, ratings, watch history). Column conventions: ./index.ts.
 */
import type { Generated } from 'kysely';

export interface GenresTable {
  id: string;
  name: string;
  slug: string;
}

export interface CategoriesTable {
  id: string;
  slug: string;
  name: string;
  rule: string;
  genre_id: string | null;
  sort_order: number;
}

export interface CountriesTable {
  code: string;
  name: string;
}

export interface LanguagesTable {
  code: string;
  name: string;
}

export interface TitlesTable {
  /** Integer surrogate key: the full-text index points at it. */
  seq: number;
  id: string;
  type: 'movie' | 'series';
  name: string;
  name_sort: string;
  synopsis: string;
  release_date: string;
  year: number;
  runtime_minutes: number;
  rating: number;
  maturity: string;
  language: string;
  audio_languages: string; // JSON array
  subtitle_languages: string; // JSON array
  countries: string; // JSON array (production countries)
  premium: number;
  popularity: number;
  director: string;
  cast_json: string;
  media_key: string;
  trailer_key: string;
  art_seed: number;
  /** 1 when streamable everywhere; otherwise see title_availability. */
  available_everywhere: number;
  genre_ids: string; // JSON array, denormalised for cards
}

export interface TitleGenresTable {
  title_id: string;
  genre_id: string;
  /** Copied from titles so "genre X by popularity" is one index range scan. */
  popularity: number;
}

/** A title's name and synopsis in another UI language; a null field falls back to the original. */
export interface TitleLocalizationsTable {
  title_id: string;
  language: string;
  name: string | null;
  synopsis: string | null;
}

export interface TitleCountriesTable {
  title_id: string;
  country: string;
}

export interface TitleAvailabilityTable {
  title_id: string;
  country: string;
}

export interface SeasonsTable {
  id: string;
  title_id: string;
  number: number;
  name: string;
  year: number;
}

export interface EpisodesTable {
  id: string;
  season_id: string;
  title_id: string;
  season_number: number;
  number: number;
  name: string;
  synopsis: string;
  runtime_minutes: number;
  media_key: string;
  intro_start: number | null;
  intro_end: number | null;
  credits_start: number | null;
}

export interface FavouritesTable {
  profile_id: string;
  title_id: string;
  created_at: string;
}

export interface RatingsTable {
  profile_id: string;
  title_id: string;
  /** -1 not for me · 1 I like this · 2 I love this. */
  rating: number;
  updated_at: string;
}

export interface WatchLogsTable {
  profile_id: string;
  title_id: string;
  /** '' for movies, so (user, title, episode) can be a primary key on both databases. */
  episode_id: string;
  season_id: string;
  position: number;
  duration: number;
  completed: number;
  updated_at: string;
  /** 1 when the viewer removed it from Continue watching; the next progress shows it again. */
  hidden: Generated<number>;
}

export interface CatalogueTables {
  genres: GenresTable;
  categories: CategoriesTable;
  countries: CountriesTable;
  languages: LanguagesTable;
  titles: TitlesTable;
  title_genres: TitleGenresTable;
  title_localizations: TitleLocalizationsTable;
  title_countries: TitleCountriesTable;
  title_availability: TitleAvailabilityTable;
  seasons: SeasonsTable;
  episodes: EpisodesTable;
  favourites: FavouritesTable;
  ratings: RatingsTable;
  watch_logs: WatchLogsTable;
}
