import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AuthContext } from '../../../lib/auth-tokens';
import { allowedFor } from '../../../lib/maturity';
import { forbidden, notFound } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { FavouriteList } from '../schemas/favourite-schemas';
import type { CatalogueQueries, Urls } from './catalogue-queries';

/**
 * The profile's My List, newest first (at most 500; titles since removed from the catalogue, and titles
 * above the profile's maturity ceiling, are left out).
 */
export async function listFavourites(
  db: Kysely<Database>,
  catalogue: CatalogueQueries,
  { profileId, maturity }: Pick<AuthContext, 'profileId' | 'maturity'>,
  urls: Urls,
): Promise<FavouriteList> {
  const rows = await db
    .selectFrom('favourites')
    .select(['title_id', 'created_at'])
    .where('profile_id', '=', profileId)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  const cards = catalogue.cardsByIds(
    rows.map((r) => r.title_id),
    urls,
  );
  const titles = rows.flatMap((r) => {
    const card = cards.get(r.title_id);
    return card && allowedFor(card.maturity, maturity) ? [{ ...card, addedAt: r.created_at }] : [];
  });
  return { titles, total: titles.length };
}

const isFavourite = async (db: Kysely<Database>, userId: string, titleId: string) =>
  !!(await db
    .selectFrom('favourites')
    .select('title_id')
    .where('profile_id', '=', userId)
    .where('title_id', '=', titleId)
    .executeTakeFirst());

async function requireTitle(
  db: Kysely<Database>,
  titleId: string,
  maturity: number,
): Promise<void> {
  const title = await db
    .selectFrom('titles')
    .select(['id', 'maturity'])
    .where('id', '=', titleId)
    .executeTakeFirst();
  if (!title) throw notFound('That title does not exist.');
  if (!allowedFor(title.maturity, maturity)) throw forbidden(NOT_ON_PROFILE);
}

export const NOT_ON_PROFILE = "This title isn't available on this profile.";

const insertFavourite = (db: Kysely<Database>, userId: string, titleId: string) =>
  db
    .insertInto('favourites')
    .values({ profile_id: userId, title_id: titleId, created_at: nowIso() })
    .execute();

/** Idempotent: a title already in the list stays once (an unknown title is a 404 either way). */
export async function addFavourite(
  { db }: { db: Kysely<Database> },
  { profileId, maturity }: Pick<AuthContext, 'profileId' | 'maturity'>,
  titleId: string,
): Promise<void> {
  await requireTitle(db, titleId, maturity);
  if (!(await isFavourite(db, profileId, titleId))) await insertFavourite(db, profileId, titleId);
}

/** Removes the title (no error if absent); "toggle" adds it when absent. Answers whether it is in the list now. */
export async function removeOrToggleFavourite(
  { db }: { db: Kysely<Database> },
  { profileId, maturity }: Pick<AuthContext, 'profileId' | 'maturity'>,
  titleId: string,
  action: 'remove' | 'toggle',
): Promise<boolean> {
  if (await isFavourite(db, profileId, titleId)) {
    await db
      .deleteFrom('favourites')
      .where('profile_id', '=', profileId)
      .where('title_id', '=', titleId)
      .execute();
    return false;
  }
  if (action !== 'toggle') return false;
  await requireTitle(db, titleId, maturity);
  await insertFavourite(db, profileId, titleId);
  return true;
}
