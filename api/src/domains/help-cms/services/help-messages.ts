import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { newId, nowIso } from '../../../lib/ids';
import type { HelpCmsContext } from '../help-cms-context';
import { normaliseEmail } from '../../../lib/emails';
import type { GuestHelpMessage, HelpMessage } from '../schemas/help-schemas';
import { emailText } from '../../../lib/i18n/email-text';

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

/**
 * Stores what a guest wrote (already trimmed and checked) with the address the answer goes to, then,
 * after the answer, emails that address a confirmation. Anyone can type any address, so the email
 * repeats nothing they wrote and goes out at most a few times per address (ctx.limits.emails): the
 * form cannot carry someone's text, or a flood, to a stranger's inbox.
 */
export async function storeGuestMessage(
  ctx: Pick<HelpCmsContext, 'db' | 'mailer' | 'limits' | 'background'>,
  /** `language`: the guest's request's, the only one we know for that address. */
  input: { email: string; body: string; page: string | undefined; language: string },
): Promise<GuestHelpMessage> {
  const row = {
    id: newId('hlg'),
    email: normaliseEmail(input.email),
    body: input.body,
    page: input.page ?? null,
    created_at: nowIso(),
  };
  await ctx.db.insertInto('guest_help_messages').values(row).execute();
  ctx.background.run('guest help confirmation', async () => {
    const key = `help-guest:${row.email}`;
    if ((await ctx.limits.emails.retryAfter(key)) > 0) return;
    await ctx.limits.emails.hit(key);
    await ctx.mailer.send({
      to: row.email,
      kind: 'help-guest-received',
      ...emailText('helpGuest', input.language, {}),
    });
  });
  return { id: row.id, email: row.email, createdAt: row.created_at };
}
