import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { rebuildSearchIndex } from '../../../db/search-dialect';
import type { CatalogueSeed } from './catalogue-types';

/** Both engines cap bound parameters per statement (SQLite 32766, PostgreSQL 65535). */
const MAX_PARAMS = 30000;

async function insertBatched<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: Array<Record<string, unknown>>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).length;
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('titles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

/**
 * Inserts the catalogue in one transaction; a crash half-way leaves nothing behind. The plans are
 * billing's (billing/services/plans.ts), brought up to date on every start.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  dialect: DialectName,
  catalogue: CatalogueSeed,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await insertBatched(
      trx,
      'genres',
      catalogue.genres.map((g) => ({ id: g.id, name: g.name, slug: g.slug })),
    );
    await insertBatched(
      trx,
      'categories',
      catalogue.categories.map(({ genreId, sortOrder, ...category }) => ({
        ...category,
        genre_id: genreId ?? null,
        sort_order: sortOrder,
      })),
    );
    for (const table of ['countries', 'languages'] as const) {
      await insertBatched(
        trx,
        table,
        catalogue[table].map(({ code, name }) => ({ code, name })),
      );
    }
    const titleRows = catalogue.titles.map((t, i) => ({
      seq: i + 1,
      id: t.id,
      type: t.type,
      name: t.name,
      name_sort: t.name.toLowerCase().replace(/^(the|a|an)\s+/, ''),
      synopsis: t.synopsis,
      release_date: t.releaseDate,
      year: t.year,
      runtime_minutes: t.runtimeMinutes,
      rating: t.rating,
      maturity: t.maturity,
      language: t.language,
      audio_languages: JSON.stringify(t.audioLanguages),
      subtitle_languages: JSON.stringify(t.subtitleLanguages),
      countries: JSON.stringify(t.countries),
      premium: t.premium ? 1 : 0,
      popularity: t.popularity,
      director: t.director,
      cast_json: JSON.stringify(t.cast),
      media_key: t.mediaKey,
      trailer_key: t.trailerKey,
      art_seed: t.artSeed,
      available_everywhere: t.availableIn.includes('*') ? 1 : 0,
      genre_ids: JSON.stringify(t.genreIds),
    }));
    await insertBatched(trx, 'titles', titleRows);
    await insertBatched(
      trx,
      'title_genres',
      catalogue.titles.flatMap((t) =>
        t.genreIds.map((g) => ({ title_id: t.id, genre_id: g, popularity: t.popularity })),
      ),
    );
    await insertBatched(
      trx,
      'title_countries',
      catalogue.titles.flatMap((t) =>
        [...new Set(t.countries)].map((c) => ({ title_id: t.id, country: c })),
      ),
    );
    await insertBatched(
      trx,
      'title_availability',
      catalogue.titles
        .filter((t) => !t.availableIn.includes('*'))
        .flatMap((t) =>
          [...new Set(t.availableIn)].map((c) => ({ title_id: t.id, country: c.toUpperCase() })),
        ),
    );
    await insertBatched(
      trx,
      'seasons',
      catalogue.seasons.map(({ titleId, ...season }) => ({ ...season, title_id: titleId })),
    );
    const seasonNumber = new Map(catalogue.seasons.map((s) => [s.id, s.number]));
    await insertBatched(
      trx,
      'episodes',
      catalogue.episodes.map((e) => ({
        id: e.id,
        season_id: e.seasonId,
        title_id: e.titleId,
        season_number: seasonNumber.get(e.seasonId) ?? 1,
        number: e.number,
        name: e.name,
        synopsis: e.synopsis,
        runtime_minutes: e.runtimeMinutes,
        media_key: e.mediaKey,
        intro_start: e.introStart ?? null,
        intro_end: e.introEnd ?? null,
        credits_start: e.creditsStart ?? null,
      })),
    );
    await insertBatched(
      trx,
      'title_localizations',
      (catalogue.localizations ?? []).map((l) => ({
        title_id: l.titleId,
        language: l.language,
        name: l.name ?? null,
        synopsis: l.synopsis ?? null,
      })),
    );
    await rebuildSearchIndex(trx, dialect);
  });
  // Fresh statistics so the planner picks the indexes on a large catalogue.
  await sql`analyze`.execute(db);
}
