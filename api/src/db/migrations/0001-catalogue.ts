import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createSearchIndex } from '../search-dialect';
import {
  createIndex,
  optionalReal,
  optionalText,
  requiredInteger,
  requiredReal,
  requiredText,
  textKey,
} from './builders';

export const m0001Catalogue = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('genres')
      .$call(textKey('id'))
      .$call(requiredText('name'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createTable('categories')
      .$call(textKey('id'))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .$call(requiredText('name', 'rule'))
      .$call(optionalText('genre_id'))
      .$call(requiredInteger('sort_order'))
      .execute();
    for (const table of ['countries', 'languages']) {
      await db.schema
        .createTable(table)
        .$call(textKey('code'))
        .$call(requiredText('name'))
        .execute();
    }
    await db.schema
      .createTable('titles')
      .addColumn('seq', 'integer', (c) => c.notNull().unique())
      .$call(textKey('id'))
      .$call(requiredText('type', 'name', 'name_sort', 'synopsis', 'release_date'))
      .$call(requiredInteger('year', 'runtime_minutes'))
      .$call(requiredReal('rating'))
      .$call(
        requiredText('maturity', 'language', 'audio_languages', 'subtitle_languages', 'countries'),
      )
      .$call(requiredInteger('premium'))
      .$call(requiredReal('popularity'))
      .$call(requiredText('director', 'cast_json', 'media_key', 'trailer_key'))
      .$call(requiredInteger('art_seed', 'available_everywhere'))
      .$call(requiredText('genre_ids'))
      .execute();
    // One index per sort order of search/rails, so "top N by X" never sorts the table.
    await createIndex(db, 'titles_popularity', 'titles', ['popularity desc', 'id']);
    await createIndex(db, 'titles_release', 'titles', ['release_date desc', 'id']);
    await createIndex(db, 'titles_rating', 'titles', ['rating desc', 'id']);
    await createIndex(db, 'titles_name', 'titles', ['name_sort', 'id']);
    await createIndex(db, 'titles_type_popularity', 'titles', ['type', 'popularity desc']);
    await createIndex(db, 'titles_language_popularity', 'titles', ['language', 'popularity desc']);
    await createIndex(db, 'titles_year', 'titles', ['year', 'popularity desc']);

    await db.schema
      .createTable('title_genres')
      .$call(requiredText('title_id', 'genre_id'))
      .$call(requiredReal('popularity'))
      .addPrimaryKeyConstraint('title_genres_pk', ['title_id', 'genre_id'])
      .execute();
    await createIndex(db, 'title_genres_by_genre', 'title_genres', [
      'genre_id',
      'popularity desc',
      'title_id',
    ]);
    // Where a title may be found, and where it may be played.
    for (const table of ['title_countries', 'title_availability']) {
      await db.schema
        .createTable(table)
        .$call(requiredText('title_id', 'country'))
        .addPrimaryKeyConstraint(`${table}_pk`, ['title_id', 'country'])
        .execute();
    }
    await createIndex(db, 'title_countries_by_country', 'title_countries', ['country', 'title_id']);
    await db.schema
      .createTable('seasons')
      .$call(textKey('id'))
      .$call(requiredText('title_id'))
      .$call(requiredInteger('number'))
      .$call(requiredText('name'))
      .$call(requiredInteger('year'))
      .execute();
    await createIndex(db, 'seasons_title', 'seasons', ['title_id', 'number']);
    await db.schema
      .createTable('episodes')
      .$call(textKey('id'))
      .$call(requiredText('season_id', 'title_id'))
      .$call(requiredInteger('season_number', 'number'))
      .$call(requiredText('name', 'synopsis'))
      .$call(requiredInteger('runtime_minutes'))
      .$call(requiredText('media_key'))
      .$call(optionalReal('intro_start', 'intro_end', 'credits_start'))
      .execute();
    await createIndex(db, 'episodes_title', 'episodes', ['title_id', 'season_number', 'number']);
    await createSearchIndex(db, dialect);
  },
});
