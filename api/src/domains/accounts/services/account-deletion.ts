import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database, UsersTable } from '../../../db/schema';
import type { AccountsContext } from '../accounts-context';
import type { AuthContext } from '../../../lib/auth-tokens';
import { normaliseEmail } from '../../../lib/emails';
import { badRequest, forbidden, HttpError } from '../../../lib/http-errors';
import { randomToken } from '../../../lib/ids';
import { anonymiseBillingRecords } from '../../billing';
import type { DeleteAccountBody } from '../schemas/data-rights-schemas';
import { deleteAvatar } from './avatars';
import { verifyPassword } from './passwords';
import { emailLanguage, emailText } from '../../../lib/i18n/email-text';
import { translate } from '../../../lib/i18n/messages';

/** An account without a password confirms with its email, from a sign-in at most this old. */
export const RECENT_SIGN_IN_MINUTES = 10;

type Account = Pick<UsersTable, 'id' | 'email' | 'name' | 'password_hash' | 'avatar_url'>;

/**
 * The account password; an account that signs in only with Google, Apple or Facebook has none, so it
 * types its email address instead, on a device that signed in within the last few minutes: a stranger at
 * an unlocked, long-open browser can read the address but can't sign in again as the viewer.
 */
async function confirmIdentity(
  ctx: AccountsContext,
  auth: AuthContext,
  user: Account,
  body: DeleteAccountBody,
): Promise<void> {
  if (user.password_hash ? !body.password : !body.email)
    throw user.password_hash
      ? badRequest('Enter your password to delete your account.', { password: 'is required' })
      : badRequest('Type your email address to confirm.', { email: 'is required' });
  // Counted before the hash, atomically in the shared store: parallel guesses get no more tries.
  await ctx.limits.accountDeletion.take(
    user.id,
    (minutes) => `Too many wrong attempts. Try again in ${minutes} minute(s).`,
  );
  const right = user.password_hash
    ? await verifyPassword(body.password!, user.password_hash)
    : normaliseEmail(body.email!) === user.email;
  if (!right)
    throw user.password_hash
      ? new HttpError(403, 'That password is not right.', { password: 'is incorrect' })
      : new HttpError(403, 'That is not the email address of this account.', {
          email: 'does not match',
        });
  await ctx.limits.accountDeletion.release(user.id);
  if (user.password_hash) return;
  const session = await ctx.db
    .selectFrom('sessions')
    .select('created_at')
    .where('id', '=', auth.sessionId)
    .executeTakeFirstOrThrow();
  if (Date.now() - Date.parse(session.created_at) > RECENT_SIGN_IN_MINUTES * 60_000)
    throw new HttpError(
      403,
      `For your security, sign out, sign in again with Google, Apple or Facebook, and delete your account within ${RECENT_SIGN_IN_MINUTES} minutes.`,
      { reauthenticate: 'required' },
    );
}

/** `%text%` for LIKE, with LIKE's own characters taken literally (ids and addresses hold `_`). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every personal row of the account, in one transaction: its profiles and what they hold, sign-ins and
 * their tokens, inbox, push registrations, help messages, problem reports, codes, mail sent to it,
 * counters keyed by its address, and the account itself, so the address may sign up again. Payments and
 * subscriptions stay for accounting, anonymised (billing's anonymiseBillingRecords).
 */
async function eraseAccount(db: Kysely<Database>, user: Account, anonymousId: string) {
  const profiles = await db
    .selectFrom('profiles')
    .select('id')
    .where('user_id', '=', user.id)
    .execute();
  // The first profile's id is the account's, even where its row was never written.
  const profileIds = [...new Set([user.id, ...profiles.map((p) => p.id)])];
  for (const table of ['favourites', 'watch_logs', 'user_genres', 'ratings'] as const)
    await db.deleteFrom(table).where('profile_id', 'in', profileIds).execute();
  await db.deleteFrom('profiles').where('user_id', '=', user.id).execute();
  await anonymiseBillingRecords(db, user.id, anonymousId);
  const sessions = db.selectFrom('sessions').select('id').where('user_id', '=', user.id);
  await db.deleteFrom('refresh_tokens').where('session_id', 'in', sessions).execute();
  for (const table of [
    'stream_tickets',
    'push_tokens',
    'notifications',
    'help_messages',
    'verification_codes',
    'log_reports',
    'sessions',
  ] as const)
    await db.deleteFrom(table).where('user_id', '=', user.id).execute();
  await db.deleteFrom('outbox').where('to_address', '=', user.email).execute();
  await db.deleteFrom('pending_sign_ups').where('email', '=', user.email).execute();
  await db.deleteFrom('marketing_signups').where('email', '=', user.email).execute();
  await db
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('key')} like ${containing(user.email)} escape '\\'`,
        sql<boolean>`${eb.ref('key')} like ${containing(user.id)} escape '\\'`,
      ]),
    )
    .execute();
  await db.deleteFrom('users').where('id', '=', user.id).execute();
}

/**
 * Deletes the account for good (GDPR erasure). In this order, so that a failure leaves nothing half done
 * that matters: the password (or typed email); every open subscription ends at the payment provider now
 * (a provider failure stops here, 502, with nothing deleted); every session ends, which closes this
 * account's notification streams on every instance; then one transaction erases the personal data and
 * anonymises the billing records. The confirmation goes to the address read before it was erased, once the
 * erasure has committed.
 */
export async function deleteAccount(
  ctx: AccountsContext,
  auth: AuthContext,
  body: DeleteAccountBody,
): Promise<void> {
  if (auth.kids) throw forbidden('Switch to a grown-up profile to delete the account.');
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language', 'password_hash', 'avatar_url'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  await confirmIdentity(ctx, auth, user, body);
  const subscriptionsEnded = await ctx.billing.endAllNow(user.id);
  await ctx.tokens.revokeAllSessions(user.id, 'account-deleted');
  const anonymousId = `deleted_${randomToken(12)}`;
  await ctx.db.transaction().execute((trx) => eraseAccount(trx, user, anonymousId));
  await deleteAvatar(path.join(ctx.config.dataDir, 'uploads'), user.id, user.avatar_url).catch(
    () => undefined,
  );
  ctx.background.run('account-deleted email', () =>
    ctx.mailer.send({
      to: user.email,
      kind: 'account-deleted',
      ...emailText('accountDeleted', user.language, {
        name: user.name,
        email: user.email,
        subscription: subscriptionsEnded
          ? translate('email.accountDeleted.subscriptionEnded', emailLanguage(user.language))
          : '',
      }),
    }),
  );
}
