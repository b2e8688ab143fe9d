import type { Kysely } from 'kysely';
import type { UserT } from '../../../lib/common-schemas';
import type { Database, UsersTable } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { NotificationSettingsPatch } from '../schemas/notification-settings-schemas';
import { listProfiles } from './households';
import { avatarPath } from './avatars';
import { planText, type Billing } from '../../billing';
import { SOURCE_LANGUAGE, type Language } from '../../../lib/i18n/languages';
import type { CatalogueReference } from '../../catalogue';

/**
 * A new account's row: what the viewer gave, over the defaults every account starts with (no password,
 * avatar or verified email yet; every notification on except marketing email).
 */
export function newUserRow(
  fields: Pick<UsersTable, 'id' | 'email' | 'name' | 'country'> & Partial<UsersTable>,
  now: string,
): UsersTable {
  return {
    password_hash: null,
    avatar_url: null,
    language: 'en',
    email_verified_at: null,
    disabled_at: null,
    firebase_uid: null,
    notify_new_releases: 1,
    notify_recommendations: 1,
    notify_account: 1,
    notify_marketing_email: 0,
    notify_push: 1,
    fcm_token: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export async function loadUserView(
  db: Kysely<Database>,
  billing: Billing,
  userId: string,
  /** Whose genres to show: the caller's profile (the first profile, whose id is the account's, by default). */
  profileId: string = userId,
  /** The request's language: the plan's name in it (the header shows it). */
  language: Language = SOURCE_LANGUAGE,
): Promise<UserT> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('That account does not exist.');
  return toUserView(db, billing, user, profileId, language);
}

export async function toUserView(
  db: Kysely<Database>,
  billing: Billing,
  user: UsersTable,
  profileId: string = user.id,
  language: Language = SOURCE_LANGUAGE,
): Promise<UserT> {
  const genres = await db
    .selectFrom('user_genres')
    .select('genre_id')
    .where('profile_id', '=', profileId)
    .execute();
  // What a profile hears about is its own; the account's columns answer for an account without profiles yet.
  const profile = await db
    .selectFrom('profiles')
    .select(['notify_new_releases', 'notify_recommendations'])
    .where('id', '=', profileId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
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
      newReleases: !!(profile ?? user).notify_new_releases,
      recommendations: !!(profile ?? user).notify_recommendations,
      accountActivity: !!user.notify_account,
      marketingEmails: !!user.notify_marketing_email,
      push: !!user.notify_push,
    },
    ...(await (async () => {
      const plan = await billing.entitledPlan(user.id);
      return { isPremium: !!plan, plan: plan && { ...plan, name: planText(plan.name, language) } };
    })()),
    hasPassword: !!user.password_hash,
    createdAt: user.created_at,
  };
}

/** Replaces the viewer's preferred genres (ids, slugs or names); answers the ids kept. */
export async function setPreferredGenres(
  db: Kysely<Database>,
  ref: CatalogueReference,
  profileId: string,
  refs: string[],
): Promise<string[]> {
  const ids = [
    ...new Set(
      refs.map((name) => {
        const genre = ref.findGenre(name);
        if (!genre)
          throw badRequest(`Unknown genre "${name}".`, { genres: `Unknown genre "${name}".` });
        return genre.id;
      }),
    ),
  ];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_genres').where('profile_id', '=', profileId).execute();
    if (ids.length)
      await trx
        .insertInto('user_genres')
        .values(ids.map((genre_id) => ({ profile_id: profileId, genre_id })))
        .execute();
  });
  return ids;
}

/**
 * Only the settings sent change; fcmToken null unregisters this browser from FCM push. New releases and
 * recommendations are the calling device's profile's; the rest are the account's.
 */
export async function updateNotificationSettings(
  db: Kysely<Database>,
  userId: string,
  b: NotificationSettingsPatch,
  profileId: string = userId,
): Promise<void> {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? 1 : 0);
  const profileSet = Object.fromEntries(
    Object.entries({
      notify_new_releases: flag(b.newReleases),
      notify_recommendations: flag(b.recommendations),
    }).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(profileSet).length) {
    await listProfiles(db, userId);
    await db
      .updateTable('profiles')
      .set({ ...profileSet, updated_at: nowIso() })
      .where('id', '=', profileId)
      .where('user_id', '=', userId)
      .execute();
  }
  const set = Object.fromEntries(
    Object.entries({
      notify_account: flag(b.accountActivity),
      notify_marketing_email: flag(b.marketingEmails),
      notify_push: flag(b.push),
      fcm_token: b.fcmToken,
    }).filter(([, v]) => v !== undefined),
  );
  await db
    .updateTable('users')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}
