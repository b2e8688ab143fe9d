import { type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createSearchIndex } from '../search-dialect';

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
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_sort', 'text', (c) => c.notNull())
      .addColumn('synopsis', 'text', (c) => c.notNull())
      .addColumn('release_date', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('runtime_minutes', 'integer', (c) => c.notNull())
      .addColumn('rating', 'double precision', (c) => c.notNull())
      .addColumn('maturity', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('audio_languages', 'text', (c) => c.notNull())
      .addColumn('subtitle_languages', 'text', (c) => c.notNull())
      .addColumn('countries', 'text', (c) => c.notNull())
      .addColumn('premium', 'integer', (c) => c.notNull())
      .addColumn('popularity', 'double precision', (c) => c.notNull())
      .addColumn('director', 'text', (c) => c.notNull())
      .addColumn('cast_json', 'text', (c) => c.notNull())
      .addColumn('media_key', 'text', (c) => c.notNull())
      .addColumn('trailer_key', 'text', (c) => c.notNull())
      .addColumn('art_seed', 'integer', (c) => c.notNull())
      .addColumn('available_everywhere', 'integer', (c) => c.notNull())
      .addColumn('genre_ids', 'text', (c) => c.notNull())
      .execute();
    // One index per sort order of search/rails, so "top N by X" never sorts the table.
    await db.schema
      .createIndex('titles_popularity')
      .on('titles')
      .columns(['popularity desc', 'id'])
      .execute();
    await db.schema
      .createIndex('titles_release')
      .on('titles')
      .columns(['release_date desc', 'id'])
      .execute();
    await db.schema
      .createIndex('titles_rating')
      .on('titles')
      .columns(['rating desc', 'id'])
      .execute();
    await db.schema.createIndex('titles_name').on('titles').columns(['name_sort', 'id']).execute();
    await db.schema
      .createIndex('titles_type_popularity')
      .on('titles')
      .columns(['type', 'popularity desc'])
      .execute();
    await db.schema
      .createIndex('titles_language_popularity')
      .on('titles')
      .columns(['language', 'popularity desc'])
      .execute();
    await db.schema
      .createIndex('titles_year')
      .on('titles')
      .columns(['year', 'popularity desc'])
      .execute();

    await db.schema
      .createTable('title_genres')
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('genre_id', 'text', (c) => c.notNull())
      .addColumn('popularity', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_genres_pk', ['title_id', 'genre_id'])
      .execute();
    await db.schema
      .createIndex('title_genres_by_genre')
      .on('title_genres')
      .columns(['genre_id', 'popularity desc', 'title_id'])
      .execute();
    await db.schema
      .createTable('title_countries')
      .addColumn('title_id', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('title_countries_pk', ['title_id', 'country'])
      .execute();
    await db.schema
      .createIndex('title_countries_by_country')
      .on('title_countries')
      .columns(['country', 'title_id'])
      .execute();
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
    await db.schema
      .createIndex('seasons_title')
      .on('seasons')
      .columns(['title_id', 'number'])
      .execute();
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
    await db.schema
      .createIndex('episodes_title')
      .on('episodes')
      .columns(['title_id', 'season_number', 'number'])
      .execute();
    await createSearchIndex(db, dialect);
  },
});
