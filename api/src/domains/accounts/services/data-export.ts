import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AuthContext } from '../../../lib/auth-tokens';
import { notFound } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { DataExport } from '../schemas/data-rights-schemas';
import { avatarPath } from './avatars';
import { listProfiles, profileView } from './households';

const RATING_NAMES = { '-1': 'not-for-me', '1': 'like', '2': 'love' } as const;

/** Rows of one profile, from a list of every profile's rows. */
function byProfile<T extends { profile_id: string }>(rows: T[]): (id: string) => T[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(row.profile_id, [...(groups.get(row.profile_id) ?? []), row]);
  return (id) => groups.get(id) ?? [];
}

/** The per-profile data of every profile at once: four queries, whatever the household's size. */
async function profileData(db: Kysely<Database>, profileIds: string[]) {
  const [favourites, ratings, history, genres] = await Promise.all([
    db
      .selectFrom('favourites as f')
      .leftJoin('titles as t', 't.id', 'f.title_id')
      .select(['f.profile_id', 'f.title_id', 't.name as title', 'f.created_at'])
      .where('f.profile_id', 'in', profileIds)
      .orderBy('f.created_at', 'desc')
      .execute(),
    db
      .selectFrom('ratings as r')
      .leftJoin('titles as t', 't.id', 'r.title_id')
      .select(['r.profile_id', 'r.title_id', 't.name as title', 'r.rating', 'r.updated_at'])
      .where('r.profile_id', 'in', profileIds)
      .orderBy('r.updated_at', 'desc')
      .execute(),
    db
      .selectFrom('watch_logs as w')
      .leftJoin('titles as t', 't.id', 'w.title_id')
      .leftJoin('episodes as e', 'e.id', 'w.episode_id')
      .select([
        'w.profile_id',
        'w.title_id',
        't.name as title',
        'w.episode_id',
        'e.season_number',
        'e.number as episode_number',
        'e.name as episode_name',
        'w.position',
        'w.duration',
        'w.completed',
        'w.hidden',
        'w.updated_at',
      ])
      .where('w.profile_id', 'in', profileIds)
      .orderBy('w.updated_at', 'desc')
      .execute(),
    db
      .selectFrom('user_genres as ug')
      .leftJoin('genres as g', 'g.id', 'ug.genre_id')
      .select(['ug.profile_id', 'ug.genre_id', 'g.name'])
      .where('ug.profile_id', 'in', profileIds)
      .orderBy('g.name')
      .execute(),
  ]);
  return {
    myList: byProfile(favourites),
    ratings: byProfile(ratings),
    history: byProfile(history),
    genres: byProfile(genres),
  };
}

type ProfileRows = Awaited<ReturnType<typeof profileData>>;

function profileSection(rows: ProfileRows, id: string) {
  return {
    myList: rows
      .myList(id)
      .map((r) => ({ titleId: r.title_id, title: r.title, addedAt: r.created_at })),
    ratings: rows.ratings(id).flatMap((r) => {
      const rating = RATING_NAMES[String(r.rating) as keyof typeof RATING_NAMES];
      return rating
        ? [{ titleId: r.title_id, title: r.title, rating, updatedAt: r.updated_at }]
        : [];
    }),
    watchHistory: rows.history(id).map((r) => ({
      titleId: r.title_id,
      title: r.title,
      episode: r.episode_id
        ? {
            id: r.episode_id,
            season: r.season_number,
            number: r.episode_number,
            name: r.episode_name,
          }
        : null,
      position: Number(r.position),
      duration: Number(r.duration),
      completed: Number(r.completed) === 1,
      hiddenFromContinueWatching: Number(r.hidden) === 1,
      updatedAt: r.updated_at,
    })),
    genres: rows.genres(id).map((g) => ({ id: g.genre_id, name: g.name })),
  };
}

/** What the account holds outside its profiles: billing, inbox, help, reports, sign-ins. */
async function accountData(db: Kysely<Database>, userId: string, email: string) {
  const [subscriptions, payments, notifications, helpMessages, reports, sessions, marketing] =
    await Promise.all([
      db
        .selectFrom('subscriptions as s')
        .leftJoin('plans as p', 'p.id', 's.plan_id')
        .select([
          's.id',
          's.plan_id',
          'p.name as plan_name',
          's.status',
          's.provider',
          's.current_period_end',
          's.cancel_at_period_end',
          's.canceled_at',
          's.created_at',
        ])
        .where('s.user_id', '=', userId)
        .orderBy('s.created_at', 'desc')
        .execute(),
      db
        .selectFrom('payments')
        .select([
          'id',
          'subscription_id',
          'amount_cents',
          'currency',
          'status',
          'card_brand',
          'card_last4',
          'failure_message',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute(),
      db
        .selectFrom('notifications')
        .select(['kind', 'title', 'body', 'link', 'read_at', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute(),
      db
        .selectFrom('help_messages')
        .select(['author', 'body', 'page', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('log_reports')
        .select(['kind', 'message', 'title_id', 'episode_id', 'user_agent', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute(),
      db
        .selectFrom('sessions')
        .select([
          'id',
          'user_agent',
          'ip',
          'created_at',
          'last_used_at',
          'revoked_at',
          'revoked_reason',
        ])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute(),
      db
        .selectFrom('marketing_signups')
        .select(['type', 'created_at'])
        .where('email', '=', email)
        .execute(),
    ]);
  return { subscriptions, payments, notifications, helpMessages, reports, sessions, marketing };
}

/**
 * The viewer's copy of everything the account holds (GDPR access and portability): the account, each
 * profile with its My List, ratings, history and genres, billing, inbox, help messages, problem reports and
 * sign-ins. Columns are chosen one by one: no hash, token or code is ever read here.
 */
export async function exportAccountData(
  db: Kysely<Database>,
  auth: Pick<AuthContext, 'userId' | 'sessionId'>,
): Promise<DataExport> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'name',
      'country',
      'language',
      'avatar_url',
      'created_at',
      'email_verified_at',
      'firebase_uid',
      'notify_new_releases',
      'notify_recommendations',
      'notify_account',
      'notify_marketing_email',
      'notify_push',
    ])
    // Only whether a password exists, never the hash.
    .select((eb) => eb('password_hash', 'is not', null).as('has_password'))
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  if (!user) throw notFound('That account does not exist.');
  const { profiles, accountAvatar } = await listProfiles(db, user.id);
  const rows = await profileData(
    db,
    profiles.map((p) => p.id),
  );
  const other = await accountData(db, user.id, user.email);
  const hasPassword = Boolean(Number(user.has_password));
  return {
    format: 'streamflix-data-export',
    version: 1,
    exportedAt: nowIso(),
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      country: user.country,
      language: user.language,
      avatarUrl: avatarPath(user.avatar_url),
      createdAt: user.created_at,
      emailVerified: user.email_verified_at !== null,
      emailVerifiedAt: user.email_verified_at,
      signIn: hasPassword ? (user.firebase_uid ? 'both' : 'password') : 'social',
      notificationSettings: {
        newReleases: !!user.notify_new_releases,
        recommendations: !!user.notify_recommendations,
        accountActivity: !!user.notify_account,
        marketingEmails: !!user.notify_marketing_email,
        push: !!user.notify_push,
      },
    },
    profiles: profiles.map((p) => ({
      ...profileView(p, accountAvatar),
      createdAt: p.created_at,
      notificationSettings: {
        newReleases: !!p.notify_new_releases,
        recommendations: !!p.notify_recommendations,
      },
      ...profileSection(rows, p.id),
    })),
    subscriptions: other.subscriptions.map((s) => ({
      id: s.id,
      planId: s.plan_id,
      planName: s.plan_name,
      status: s.status,
      provider: s.provider,
      currentPeriodEnd: s.current_period_end,
      cancelAtPeriodEnd: !!s.cancel_at_period_end,
      canceledAt: s.canceled_at,
      createdAt: s.created_at,
    })),
    payments: other.payments.map((p) => ({
      id: p.id,
      subscriptionId: p.subscription_id,
      amountCents: Number(p.amount_cents),
      currency: p.currency,
      status: p.status,
      cardBrand: p.card_brand,
      cardLast4: p.card_last4,
      failureMessage: p.failure_message,
      createdAt: p.created_at,
    })),
    notifications: other.notifications.map((n) => ({
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      readAt: n.read_at,
      createdAt: n.created_at,
    })),
    helpMessages: other.helpMessages.map((m) => ({
      author: m.author,
      body: m.body,
      page: m.page,
      createdAt: m.created_at,
    })),
    problemReports: other.reports.map((r) => ({
      kind: r.kind,
      message: r.message,
      titleId: r.title_id,
      episodeId: r.episode_id,
      userAgent: r.user_agent,
      createdAt: r.created_at,
    })),
    devices: other.sessions.map((s) => ({
      userAgent: s.user_agent,
      ip: s.ip,
      createdAt: s.created_at,
      lastUsedAt: s.last_used_at,
      revokedAt: s.revoked_at,
      revokedReason: s.revoked_reason,
      current: s.id === auth.sessionId,
    })),
    marketingSignUps: other.marketing.map((m) => ({ type: m.type, createdAt: m.created_at })),
  };
}

/** `streamflix-data-2026-11-26.json`: the day the copy was made. */
export const exportFileName = (exportedAt: string) =>
  `streamflix-data-${exportedAt.slice(0, 10)}.json`;
