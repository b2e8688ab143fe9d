import type { AccountsContext } from '../accounts-context';
import { verifyPassword } from './passwords';

type Ctx = Pick<AccountsContext, 'limits'>;

/**
 * Every check of the account password by a signed-in session (profiles, leaving a kids profile, signing
 * out from one, the data export, the password change) shares one limit per account. The attempt is
 * counted before the 128 MiB hash, atomically in the shared store, so parallel guesses get no more
 * hashes than the limit; a right password hands its attempt back.
 */
export async function accountPasswordMatches(
  ctx: Ctx,
  userId: string,
  password: string,
  hash: string,
): Promise<boolean> {
  await ctx.limits.accountPassword.take(
    userId,
    (minutes) => `Too many wrong passwords. Try again in ${minutes} minute(s).`,
  );
  const right = await verifyPassword(password, hash);
  if (right) await ctx.limits.accountPassword.release(userId);
  return right;
}
