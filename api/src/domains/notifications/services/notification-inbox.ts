import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { nowIso } from '../../../lib/ids';
import type { AuthContext } from '../../../lib/auth-tokens';

/**
 * A page of the account's notifications, newest first, and how many are unread in all: the account's own
 * notices and those about content for the calling device's profile (not another profile's).
 */
export async function listNotifications(
  db: Kysely<Database>,
  userId: string,
  opts: { unreadOnly?: boolean; page: number; limit: number; profileId?: string },
) {
  const profileId = opts.profileId ?? userId;
  let q = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('profile_id', 'is', null), eb('profile_id', '=', profileId)]));
  if (opts.unreadOnly) q = q.where('read_at', 'is', null);
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1)
    .offset((opts.page - 1) * opts.limit)
    .execute();
  const unread = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('profile_id', 'is', null), eb('profile_id', '=', profileId)]))
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return {
    notifications: rows.slice(0, opts.limit).map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: !!n.read_at,
      createdAt: n.created_at,
    })),
    unreadCount: Number(unread?.n ?? 0),
    hasMore: rows.length > opts.limit,
  };
}

/** The profile a session watches as: the one it chose, else the account's first (its id is the account's). */
export async function sessionProfile(
  db: Kysely<Database>,
  sessionId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['profile_id', 'user_id'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row ? (row.profile_id ?? row.user_id) : null;
}

/** Sets read_at on what this profile sees (the account's notices and its own); the caller narrows which. */
const setRead = (db: Kysely<Database>, auth: Pick<AuthContext, 'userId' | 'profileId'>) =>
  db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', auth.userId)
    .where((eb) => eb.or([eb('profile_id', 'is', null), eb('profile_id', '=', auth.profileId)]));

/** False when this profile sees no such notification (someone else's, or another profile's, counts as missing). */
export async function markRead(
  db: Kysely<Database>,
  auth: Pick<AuthContext, 'userId' | 'profileId'>,
  id: string,
): Promise<boolean> {
  const result = await setRead(db, auth).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Answers how many were unread, of those this profile sees: another profile's stay unread. */
export async function markAllRead(
  db: Kysely<Database>,
  auth: Pick<AuthContext, 'userId' | 'profileId'>,
): Promise<number> {
  const result = await setRead(db, auth).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The token belongs to the calling session; one registered by another account moves to this one. */
export async function registerPushToken(
  db: Kysely<Database>,
  auth: AuthContext,
  token: string,
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('push_tokens')
    .values({
      token,
      user_id: auth.userId,
      session_id: auth.sessionId,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('token').doUpdateSet({
        user_id: auth.userId,
        session_id: auth.sessionId,
        updated_at: now,
      }),
    )
    .execute();
}

/** Answers whether the user had that token. */
export async function forgetPushToken(
  db: Kysely<Database>,
  userId: string,
  token: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_tokens')
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function forgetSessionPushTokens(
  db: Kysely<Database>,
  sessionIds: string[],
): Promise<void> {
  await db.deleteFrom('push_tokens').where('session_id', 'in', sessionIds).execute();
}
