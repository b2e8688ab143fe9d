import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The caller's country: explicit choice, else the signed-in user's, else the server default. */
export async function viewerCountry(
  db: Kysely<Database>,
  userId: string | undefined,
  explicit: string | null | undefined,
  fallback: string,
): Promise<string> {
  if (explicit) return explicit.toUpperCase();
  if (userId) {
    const row = await db
      .selectFrom('users')
      .select('country')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (row) return row.country;
  }
  return fallback;
}
