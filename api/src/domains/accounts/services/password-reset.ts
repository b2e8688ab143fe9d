import type { AccountsContext } from '../accounts-context';
import { badRequest } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import { assertStrongPassword } from './password-policy';
import { hashPassword } from './passwords';
import { normaliseEmail } from '../../../lib/emails';
import { emailText } from '../../../lib/i18n/email-text';

/**
 * Emails a reset code if the address has an account. The lookup, the code and the email happen
 * after the answer, so neither the answer nor its timing says whether the account exists.
 */
export function requestPasswordReset(ctx: AccountsContext, rawEmail: string): void {
  const email = normaliseEmail(rawEmail);
  ctx.background.run('forgot-password email', async () => {
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'language'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (!user || (await ctx.limits.emails.retryAfter(`reset:${email}`)) > 0) return;
    await ctx.limits.emails.hit(`reset:${email}`);
    const code = await ctx.codes.issue(user.id, 'reset-password');
    await ctx.mailer.send({
      to: user.email,
      kind: 'reset-password',
      ...emailText('reset', user.language, {
        name: user.name,
        code,
        link: `${ctx.config.appUrl}/forgot-password?email=${encodeURIComponent(user.email)}&code=${code}`,
      }),
    });
  });
}

/** The emailed code sets a new password and signs the account out everywhere; 400 otherwise. */
export async function resetPassword(
  ctx: AccountsContext,
  input: { email: string; code: string; newPassword: string },
): Promise<void> {
  const email = normaliseEmail(input.email);
  assertStrongPassword(input.newPassword, { email }, 'newPassword');
  const user = await ctx.db
    .selectFrom('users')
    .select(['id'])
    .where('email', '=', email)
    .executeTakeFirst();
  const outcome = user ? await ctx.codes.consume(user.id, 'reset-password', input.code) : 'invalid';
  if (!user || outcome !== 'ok') {
    throw badRequest(
      outcome === 'expired'
        ? 'That code has expired. Ask for a new one.'
        : 'That code is not valid. Ask for a new one.',
      { code: outcome },
    );
  }
  await ctx.db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(input.newPassword, ctx.config.scryptLog2N),
      // Receiving the code proves control of the mailbox.
      email_verified_at: nowIso(),
      updated_at: nowIso(),
    })
    .where('id', '=', user.id)
    .execute();
  await ctx.tokens.revokeAllSessions(user.id, 'password-reset');
  await ctx.limits.loginAccount.reset(email);
  await ctx.notifier.notify(user.id, {
    kind: 'account',
    title: 'Password changed',
    body: 'Your password was reset and every device was signed out.',
  });
}
