import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PushMessage } from './push-message';

/**
 * The cursor of a stream opened by a viewer who has no notifications yet: on a reconnect from it,
 * every notification they have was raised after it.
 */
export const START_CURSOR = 'start';

/** A reconnect after a long outage gets the newest ones; the inbox holds the rest. */
export const MAX_REPLAYED = 100;

/**
 * The id a fresh stream starts from (sent as the `ready` event's id, so the browser's Last-Event-ID is
 * set even before the first notification): the viewer's newest notification.
 */
export async function streamCursor(
  db: Kysely<Database>,
  userId: string,
  profileId: string,
): Promise<string> {
  const newest = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('profile_id', 'is', null), eb('profile_id', '=', profileId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return newest?.id ?? START_CURSOR;
}

/**
 * The notifications the stream would have pushed after `lastEventId`, oldest first. Read from the
 * inbox (the database), so a viewer whose instance died resumes on any other. An id that is not one of
 * the viewer's (a forged or erased one) resumes nothing: the inbox still has everything.
 */
export async function notificationsAfter(
  db: Kysely<Database>,
  userId: string,
  /** The stream's profile: another profile's notices are not replayed to it. */
  profileId: string,
  lastEventId: string,
): Promise<PushMessage[]> {
  const user = await db
    .selectFrom('users')
    .select(['notify_push', 'notify_account'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.notify_push) return [];
  let q = db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'profile_id'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('profile_id', 'is', null), eb('profile_id', '=', profileId)]));
  if (lastEventId !== START_CURSOR) {
    const from = await db
      .selectFrom('notifications')
      .select(['id', 'created_at'])
      .where('user_id', '=', userId)
      .where('id', '=', lastEventId)
      .executeTakeFirst();
    if (!from) return [];
    // (created_at, id) orders the inbox everywhere; ids break ties within one millisecond.
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '>', from.created_at),
        eb.and([eb('created_at', '=', from.created_at), eb('id', '>', from.id)]),
      ]),
    );
  }
  // The same rule as the live push (notifier.ts): account notices only to those who want them.
  if (!user.notify_account) q = q.where('kind', '!=', 'account');
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_REPLAYED)
    .execute();
  return rows.reverse().map((n) => ({
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    createdAt: n.created_at,
    profileId: n.profile_id,
  }));
}
