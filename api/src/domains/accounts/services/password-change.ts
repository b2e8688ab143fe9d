import type { AccountsContext } from '../accounts-context';
import { badRequest } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { ChangePasswordBody } from '../schemas/password-schemas';
import type { AuthContext } from '../../../lib/auth-tokens';
import { assertStrongPassword } from './password-policy';
import { accountPasswordMatches } from './account-password';
import { hashPassword } from './passwords';

type Ctx = Pick<AccountsContext, 'db' | 'config' | 'tokens' | 'notifier' | 'limits'>;

/** Needs the current password; every other session is signed out, this one stays. */
export async function changePassword(
  ctx: Ctx,
  auth: AuthContext,
  body: ChangePasswordBody,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['password_hash', 'email', 'name'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (!user.password_hash)
    throw badRequest('This account signs in with Google, Apple or Facebook and has no password.');
  if (!(await accountPasswordMatches(ctx, auth.userId, body.currentPassword, user.password_hash))) {
    throw badRequest('Your current password is incorrect.', { currentPassword: 'is incorrect' });
  }
  if (body.currentPassword === body.newPassword) {
    throw badRequest('Choose a password different from the current one.', {
      newPassword: 'is unchanged',
    });
  }
  assertStrongPassword(body.newPassword, user, 'newPassword');
  await ctx.db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(body.newPassword, ctx.config.scryptLog2N),
      updated_at: nowIso(),
    })
    .where('id', '=', auth.userId)
    .execute();
  await ctx.tokens.revokeAllSessions(auth.userId, 'password-change', auth.sessionId);
  await ctx.notifier.notify(auth.userId, {
    kind: 'account',
    title: 'Password changed',
    body: 'Your password was changed and your other devices were signed out.',
  });
}
