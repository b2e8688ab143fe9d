import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { newId, nowIso } from '../../../lib/ids';
import type { HelpMessage } from '../schemas/help-schemas';

/** The viewer's conversation with support, oldest first (the last 100). */
export async function helpConversation(
  db: Kysely<Database>,
  userId: string,
): Promise<HelpMessage[]> {
  const rows = await db
    .selectFrom('help_messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.reverse().map((m) => ({
    id: m.id,
    author: m.author === 'support' ? ('support' as const) : ('viewer' as const),
    body: m.body,
    createdAt: m.created_at,
  }));
}

/** Stores a message the viewer wrote (already trimmed and checked) from the given page. */
export async function storeViewerMessage(
  db: Kysely<Database>,
  userId: string,
  body: string,
  page: string | undefined,
): Promise<HelpMessage> {
  const row = {
    id: newId('hlp'),
    user_id: userId,
    author: 'viewer',
    body,
    page: page ?? null,
    created_at: nowIso(),
  };
  await db.insertInto('help_messages').values(row).execute();
  return { id: row.id, author: 'viewer', body: row.body, createdAt: row.created_at };
}
