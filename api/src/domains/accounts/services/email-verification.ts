import type { AccountsContext } from '../accounts-context';
import { badRequest, tooManyRequests } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import { normaliseEmail } from '../../../lib/emails';
import { emailText } from '../../../lib/i18n/email-text';

/**
 * Verifying the address of an account that is not verified yet (accounts from before
 * verify-first sign-up, social accounts whose provider did not vouch for the email).
 */

async function sendVerificationEmail(
  ctx: AccountsContext,
  user: { id: string; email: string; name: string; language: string },
) {
  const code = await ctx.codes.issue(user.id, 'verify-email');
  await ctx.mailer.send({
    to: user.email,
    kind: 'verify-email',
    ...emailText('verify', user.language, {
      name: user.name,
      code,
      link: `${ctx.config.appUrl}/email-verify?code=${code}`,
    }),
  });
}

/** Resolves with the message for the viewer; 429 when several codes went out lately. */
export async function requestVerificationEmail(
  ctx: AccountsContext,
  userId: string,
): Promise<string> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'language', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.email_verified_at) return 'Your email is already verified.';
  const wait = await ctx.limits.emails.retryAfter(`verify:${user.id}`);
  if (wait > 0)
    throw tooManyRequests(
      wait,
      'We have sent several codes already. Please wait a few minutes before asking for another.',
      ctx.limits.emails.label,
    );
  await ctx.limits.emails.hit(`verify:${user.id}`);
  await sendVerificationEmail(ctx, user);
  return `We sent a new code to ${user.email}.`;
}

/**
 * Checks the code for the signed-in user, or for the account of `email` when signed out,
 * and marks the address verified; 400 with the reason otherwise. Resolves with the user's id.
 */
export async function verifyEmail(
  ctx: AccountsContext,
  input: { userId?: string; email?: string; code: string },
): Promise<string> {
  let userId = input.userId;
  if (!userId) {
    if (!input.email)
      throw badRequest('Enter the email address the code was sent to.', {
        email: 'is required',
      });
    const row = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', normaliseEmail(input.email))
      .executeTakeFirst();
    if (!row)
      throw badRequest('That code is not valid. Check the latest email we sent you.', {
        code: 'invalid',
      });
    userId = row.id;
  }
  const outcome = await ctx.codes.consume(userId, 'verify-email', input.code);
  if (outcome !== 'ok') {
    const message =
      outcome === 'expired'
        ? 'That code has expired. Ask for a new one.'
        : outcome === 'too-many-attempts'
          ? 'Too many wrong codes. Ask for a new one.'
          : 'That code is not valid. Check the latest email we sent you.';
    throw badRequest(message, { code: outcome });
  }
  await ctx.db
    .updateTable('users')
    .set({ email_verified_at: nowIso(), updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  return userId;
}
