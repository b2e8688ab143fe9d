import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AuthContext } from '../../../lib/auth-tokens';
import { forbidden, notFound } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import { allowedFor } from '../../../lib/maturity';
import type { RatingValue } from '../schemas/rating-schemas';
import type { CatalogueQueries } from './catalogue-queries';

const VALUE: Record<RatingValue, number> = { 'not-for-me': -1, like: 1, love: 2 };
const NAME = new Map(Object.entries(VALUE).map(([k, v]) => [v, k as RatingValue]));

export const ratingName = (value: number | undefined): RatingValue | null =>
  (value !== undefined && NAME.get(value)) || null;

/** The profile's rating of a title (null clears it). "Not for me" takes the title out of its recommendations. */
export async function rateTitle(
  db: Kysely<Database>,
  catalogue: CatalogueQueries,
  { profileId, maturity }: Pick<AuthContext, 'profileId' | 'maturity'>,
  titleId: string,
  rating: RatingValue | null,
): Promise<RatingValue | null> {
  const title = catalogue.find(titleId);
  if (!title) throw notFound('We could not find that title.');
  if (!allowedFor(title.maturity, maturity))
    throw forbidden("This title isn't available on this profile.");
  if (rating === null) {
    await db
      .deleteFrom('ratings')
      .where('profile_id', '=', profileId)
      .where('title_id', '=', title.id)
      .execute();
    return null;
  }
  const row = {
    profile_id: profileId,
    title_id: title.id,
    rating: VALUE[rating],
    updated_at: nowIso(),
  };
  await db
    .insertInto('ratings')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['profile_id', 'title_id'])
        .doUpdateSet({ rating: row.rating, updated_at: row.updated_at }),
    )
    .execute();
  return rating;
}

export async function ratingOf(db: Kysely<Database>, profileId: string, titleId: string) {
  const row = await db
    .selectFrom('ratings')
    .select('rating')
    .where('profile_id', '=', profileId)
    .where('title_id', '=', titleId)
    .executeTakeFirst();
  return ratingName(row?.rating);
}

export async function listRatings(db: Kysely<Database>, profileId: string) {
  const rows = await db
    .selectFrom('ratings')
    .select(['title_id', 'rating'])
    .where('profile_id', '=', profileId)
    .orderBy('updated_at', 'desc')
    .limit(5000)
    .execute();
  return rows.flatMap((r) => {
    const rating = ratingName(r.rating);
    return rating ? [{ titleId: r.title_id, rating }] : [];
  });
}
