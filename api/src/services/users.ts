import type { Kysely } from 'kysely';
import type { UserT } from '../schemas/common-schemas';
import type { Database, UsersTable } from '../db/schema';
import { notFound } from '../lib/http-errors';
import { avatarPath } from './avatars';
import type { Billing } from './billing';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

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

export async function loadUserView(
  db: Kysely<Database>,
  billing: Billing,
  userId: string,
): Promise<UserT> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('That account does not exist.');
  return toUserView(db, billing, user);
}

export async function toUserView(
  db: Kysely<Database>,
  billing: Billing,
  user: UsersTable,
): Promise<UserT> {
  const genres = await db
    .selectFrom('user_genres')
    .select('genre_id')
    .where('user_id', '=', user.id)
    .execute();
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    avatarUrl: avatarPath(user.avatar_url),
    country: user.country,
    language: user.language,
    emailVerified: !!user.email_verified_at,
    genres: genres.map((g) => g.genre_id),
    notificationSettings: {
      newReleases: !!user.notify_new_releases,
      recommendations: !!user.notify_recommendations,
      accountActivity: !!user.notify_account,
      marketingEmails: !!user.notify_marketing_email,
      push: !!user.notify_push,
    },
    ...(await (async () => {
      const plan = await billing.entitledPlan(user.id);
      return { isPremium: !!plan, plan };
    })()),
    hasPassword: !!user.password_hash,
    createdAt: user.created_at,
  };
}
