import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { notFound } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { FavouriteList } from '../schemas/favourite-schemas';
import type { CatalogueQueries, Urls } from './catalogue-queries';

/** My List, newest first (at most 500; titles since removed from the catalogue are left out). */
export async function listFavourites(
  db: Kysely<Database>,
  catalogue: CatalogueQueries,
  userId: string,
  urls: Urls,
): Promise<FavouriteList> {
  const rows = await db
    .selectFrom('favourites')
    .select(['title_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  const cards = catalogue.cardsByIds(
    rows.map((r) => r.title_id),
    urls,
  );
  const titles = rows.flatMap((r) => {
    const card = cards.get(r.title_id);
    return card ? [{ ...card, addedAt: r.created_at }] : [];
  });
  return { titles, total: titles.length };
}

const isFavourite = async (db: Kysely<Database>, userId: string, titleId: string) =>
  !!(await db
    .selectFrom('favourites')
    .select('title_id')
    .where('user_id', '=', userId)
    .where('title_id', '=', titleId)
    .executeTakeFirst());

async function requireTitle(db: Kysely<Database>, titleId: string): Promise<void> {
  const title = await db
    .selectFrom('titles')
    .select('id')
    .where('id', '=', titleId)
    .executeTakeFirst();
  if (!title) throw notFound('That title does not exist.');
}

const insertFavourite = (db: Kysely<Database>, userId: string, titleId: string) =>
  db
    .insertInto('favourites')
    .values({ user_id: userId, title_id: titleId, created_at: nowIso() })
    .execute();

/** Idempotent: a title already in the list stays once (an unknown title is a 404 either way). */
export async function addFavourite(
  db: Kysely<Database>,
  userId: string,
  titleId: string,
): Promise<void> {
  await requireTitle(db, titleId);
  if (!(await isFavourite(db, userId, titleId))) await insertFavourite(db, userId, titleId);
}

/** Removes the title (no error if absent); "toggle" adds it when absent. Answers whether it is in the list now. */
export async function removeOrToggleFavourite(
  db: Kysely<Database>,
  userId: string,
  titleId: string,
  action: 'remove' | 'toggle',
): Promise<boolean> {
  if (await isFavourite(db, userId, titleId)) {
    await db
      .deleteFrom('favourites')
      .where('user_id', '=', userId)
      .where('title_id', '=', titleId)
      .execute();
    return false;
  }
  if (action !== 'toggle') return false;
  await requireTitle(db, titleId);
  await insertFavourite(db, userId, titleId);
  return true;
}
