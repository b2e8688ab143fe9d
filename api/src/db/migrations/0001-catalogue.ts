import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createSearchIndex } from '../search-dialect';
import { createIndex, requiredText } from './builders';

export const m0001Catalogue = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('genres')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .execute();
    await db.schema
      .createTable('categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('genre_id', 'text')
      .addColumn('sort_order', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('countries')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('languages')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('titles')
      .addColumn('seq', 'integer', (c) => c.notNull().unique())
      .addColumn('id', 'text', (c) => c.primaryKey())
      .$call(requiredText('type', 'name', 'name_sort', 'synopsis', 'release_date'))
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('runtime_minutes', 'integer', (c) => c.notNull())
      .addColumn('rating', 'double precision', (c) => c.notNull())
      .$call(
        requiredText('maturity', 'language', 'audio_languages', 'subtitle_languages', 'countries'),
      )
      .addColumn('premium', 'integer', (c) => c.notNull())
      .addColumn('popularity', 'double precision', (c) => c.notNull())
      .$call(requiredText('director', 'cast_json', 'media_key', 'trailer_key'))
      .addColumn('art_seed', 'integer', (c) => c.notNull())
      .addColumn('available_everywhere', 'integer', (c) => c.notNull())
      .addColumn('genre_ids', 'text', (c) => c.notNull())
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
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('genre_id', 'text', (c) => c.notNull())
      .addColumn('popularity', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_genres_pk', ['title_id', 'genre_id'])
      .execute();
    await createIndex(db, 'title_genres_by_genre', 'title_genres', [
      'genre_id',
      'popularity desc',
      'title_id',
    ]);
    await db.schema
      .createTable('title_countries')
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_countries_pk', ['title_id', 'country'])
      .execute();
    await createIndex(db, 'title_countries_by_country', 'title_countries', ['country', 'title_id']);
    await db.schema
      .createTable('title_availability')
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_availability_pk', ['title_id', 'country'])
      .execute();
    await db.schema
      .createTable('seasons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .execute();
    await createIndex(db, 'seasons_title', 'seasons', ['title_id', 'number']);
    await db.schema
      .createTable('episodes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('season_id', 'text', (c) => c.notNull())
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('season_number', 'integer', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('synopsis', 'text', (c) => c.notNull())
      .addColumn('runtime_minutes', 'integer', (c) => c.notNull())
      .addColumn('media_key', 'text', (c) => c.notNull())
      .addColumn('intro_start', 'double precision')
      .addColumn('intro_end', 'double precision')
      .addColumn('credits_start', 'double precision')
      .execute();
    await createIndex(db, 'episodes_title', 'episodes', ['title_id', 'season_number', 'number']);
    await createSearchIndex(db, dialect);
  },
});
