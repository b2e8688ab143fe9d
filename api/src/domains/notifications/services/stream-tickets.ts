import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { unauthorized } from '../../../lib/http-errors';
import { nowIso, randomToken, sha256 } from '../../../lib/ids';
import type { AuthContext } from '../../../lib/auth-tokens';

/** Long enough to open an EventSource right after asking; short enough to be useless in a log. */
export const STREAM_TICKET_TTL_SECONDS = 30;

/**
 * EventSource cannot send an Authorization header, and a URL ends up in logs,
 * history and proxies. So the client trades its access token for a ticket that
 * opens one stream, once, within seconds; only its hash is stored. Kept in the
 * database so any API instance can redeem a ticket another one issued.
 */
export class StreamTickets {
  constructor(private readonly db: Kysely<Database>) {}

  async issue(
    auth: Pick<AuthContext, 'userId' | 'sessionId'>,
  ): Promise<{ ticket: string; expiresAt: string }> {
    const now = nowIso();
    // Expired tickets have no use left; clearing them here keeps the table tiny without a job.
    await this.db.deleteFrom('stream_tickets').where('expires_at', '<', now).execute();
    const ticket = randomToken(32);
    const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000).toISOString();
    await this.db
      .insertInto('stream_tickets')
      .values({
        ticket_hash: sha256(ticket),
        session_id: auth.sessionId,
        user_id: auth.userId,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { ticket, expiresAt };
  }

  /** The session the ticket was issued to; the ticket is spent whether or not the stream then opens. */
  async redeem(ticket: string): Promise<Pick<AuthContext, 'userId' | 'sessionId'>> {
    const hash = sha256(ticket);
    const now = nowIso();
    const row = await this.db
      .selectFrom('stream_tickets')
      .select(['session_id', 'user_id'])
      .where('ticket_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    // The conditional update lets exactly one of two concurrent redeems win.
    const claimed = row
      ? await this.db
          .updateTable('stream_tickets')
          .set({ used_at: now })
          .where('ticket_hash', '=', hash)
          .where('used_at', 'is', null)
          .executeTakeFirst()
      : null;
    if (!row || Number(claimed?.numUpdatedRows ?? 0) !== 1)
      throw unauthorized(
        'This stream ticket is not valid (it works once, for 30 seconds). Ask for a new one.',
      );
    return { userId: row.user_id, sessionId: row.session_id };
  }
}
