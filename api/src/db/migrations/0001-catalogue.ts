import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createSearchIndex } from '../search-dialect';
import {
  createIndex,
  createTable,
  optionalReal,
  optionalText,
  primaryKey,
  requiredInteger,
  requiredReal,
  requiredText,
  textKey,
  uniqueText,
} from './builders';

export const m0001Catalogue = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await createTable(db, 'genres', [textKey('id'), requiredText('name'), uniqueText('slug')]);
    await createTable(db, 'categories', [
      textKey('id'),
      uniqueText('slug'),
      requiredText('name', 'rule'),
      optionalText('genre_id'),
      requiredInteger('sort_order'),
    ]);
    for (const table of ['countries', 'languages']) {
      await createTable(db, table, [textKey('code'), requiredText('name')]);
    }
    await createTable(db, 'titles', [
      (t) => t.addColumn('seq', 'integer', (c) => c.notNull().unique()),
      textKey('id'),
      requiredText('type', 'name', 'name_sort', 'synopsis', 'release_date'),
      requiredInteger('year', 'runtime_minutes'),
      requiredReal('rating'),
      requiredText('maturity', 'language', 'audio_languages', 'subtitle_languages', 'countries'),
      requiredInteger('premium'),
      requiredReal('popularity'),
      requiredText('director', 'cast_json', 'media_key', 'trailer_key'),
      requiredInteger('art_seed', 'available_everywhere'),
      requiredText('genre_ids'),
    ]);
    // One index per sort order of search/rails, so "top N by X" never sorts the table.
    await createIndex(db, 'titles_popularity', 'titles', ['popularity desc', 'id']);
    await createIndex(db, 'titles_release', 'titles', ['release_date desc', 'id']);
    await createIndex(db, 'titles_rating', 'titles', ['rating desc', 'id']);
    await createIndex(db, 'titles_name', 'titles', ['name_sort', 'id']);
    await createIndex(db, 'titles_type_popularity', 'titles', ['type', 'popularity desc']);
    await createIndex(db, 'titles_language_popularity', 'titles', ['language', 'popularity desc']);
    await createIndex(db, 'titles_year', 'titles', ['year', 'popularity desc']);

    await createTable(db, 'title_genres', [
      requiredText('title_id', 'genre_id'),
      requiredReal('popularity'),
      primaryKey('title_id', 'genre_id'),
    ]);
    await createIndex(db, 'title_genres_by_genre', 'title_genres', [
      'genre_id',
      'popularity desc',
      'title_id',
    ]);
    // Where a title may be found, and where it may be played.
    for (const table of ['title_countries', 'title_availability']) {
      await createTable(db, table, [
        requiredText('title_id', 'country'),
        primaryKey('title_id', 'country'),
      ]);
    }
    await createIndex(db, 'title_countries_by_country', 'title_countries', ['country', 'title_id']);
    await createTable(db, 'seasons', [
      textKey('id'),
      requiredText('title_id'),
      requiredInteger('number'),
      requiredText('name'),
      requiredInteger('year'),
    ]);
    await createIndex(db, 'seasons_title', 'seasons', ['title_id', 'number']);
    await createTable(db, 'episodes', [
      textKey('id'),
      requiredText('season_id', 'title_id'),
      requiredInteger('season_number', 'number'),
      requiredText('name', 'synopsis'),
      requiredInteger('runtime_minutes'),
      requiredText('media_key'),
      optionalReal('intro_start', 'intro_end', 'credits_start'),
    ]);
    await createIndex(db, 'episodes_title', 'episodes', ['title_id', 'season_number', 'number']);
    await createSearchIndex(db, dialect);
  },
});
