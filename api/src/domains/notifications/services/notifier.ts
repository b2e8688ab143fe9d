import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { newTimeOrderedId } from '../../../lib/ids';
import type { PushHub } from './push';

export type NotificationKind = 'account' | 'new-release' | 'recommendation' | 'billing';

/** Stores a notification and pushes it, honouring the user's notification settings. */
export class Notifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly push: PushHub,
  ) {}

  async notify(
    userId: string,
    input: {
      kind: NotificationKind;
      title: string;
      body: string;
      link?: string;
      /** Content notices are one profile's (the account's first by default); account and billing notices the account's. */
      profileId?: string;
    },
  ): Promise<void> {
    const user = await this.db
      .selectFrom('users')
      .select(['notify_account', 'notify_push', 'notify_new_releases', 'notify_recommendations'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return;
    const aboutContent = input.kind === 'new-release' || input.kind === 'recommendation';
    const profileId = aboutContent ? (input.profileId ?? userId) : null;
    if (profileId) {
      // An account whose profiles were never listed has no profile row yet: its own columns answer.
      const profile =
        (await this.db
          .selectFrom('profiles')
          .select(['notify_new_releases', 'notify_recommendations'])
          .where('id', '=', profileId)
          .where('user_id', '=', userId)
          .executeTakeFirst()) ?? (profileId === userId ? user : undefined);
      const wanted =
        input.kind === 'new-release'
          ? profile?.notify_new_releases
          : profile?.notify_recommendations;
      // A profile that opted out (or no longer exists) is not told; account and billing notices always are.
      if (!wanted) return;
    }
    // Time-ordered, so a stream resuming after one of them replays those after it in the order raised.
    const now = new Date();
    const row = {
      id: newTimeOrderedId('ntf', now),
      user_id: userId,
      profile_id: profileId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      read_at: null,
      created_at: now.toISOString(),
    };
    await this.db.insertInto('notifications').values(row).execute();
    if (user.notify_push && (input.kind !== 'account' || user.notify_account)) {
      // A content notice goes only to the devices watching as its profile.
      let tokensQuery = this.db
        .selectFrom('push_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.session_id')
        .select('t.token')
        .where('t.user_id', '=', userId);
      if (profileId)
        tokensQuery = tokensQuery.where((eb) =>
          eb(eb.fn.coalesce('s.profile_id', 's.user_id'), '=', profileId),
        );
      const tokens = await tokensQuery.execute();
      // FCM runs in the background: a slow provider never holds up the request that caused the notice.
      void this.push
        .publish(
          userId,
          {
            id: row.id,
            title: row.title,
            body: row.body,
            link: row.link,
            kind: row.kind,
            createdAt: row.created_at,
            profileId,
          },
          tokens.map((t) => t.token),
        )
        .then((dead) =>
          dead.length
            ? this.db.deleteFrom('push_tokens').where('token', 'in', dead).execute()
            : undefined,
        )
        .catch(() => undefined);
    }
  }
}
