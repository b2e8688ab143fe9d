import type { AccountsContext } from '../accounts-context';
import { HttpError, tooManyRequests, unauthorized } from '../../../lib/http-errors';
import { newId, nowIso } from '../../../lib/ids';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { SocialIdentity } from './social-login';
import { newUserRow } from './users';
import { normaliseEmail } from '../../../lib/emails';
import { trustedDevice } from './device-cookies';

const FAILED_LOGIN = 'Email or password is incorrect.';
const DISABLED = 'This account has been disabled. Contact support for help.';

/**
 * Email + password. Resolves with the user's id, or throws the 401/403/429 the viewer sees.
 * `deviceCookie` is what the browser sent of its device cookie (services/device-cookies.ts).
 */
export async function passwordSignIn(
  ctx: AccountsContext,
  input: { email: string; password: string; ip: string; deviceCookie?: string },
): Promise<string> {
  const email = normaliseEmail(input.email);
  const client = `${email}|${input.ip}`;
  // A browser that signed in to this account before is counted on its own (OWASP device cookies):
  // nobody else, not even someone behind the same address, can lock it out. Every other attempt is an
  // untrusted client's: per account and address, per address, and past the per-account ceiling, not at all.
  const device = trustedDevice(ctx.config.jwtSecret, email, input.deviceCookie);
  // Each attempt is counted before the password hash, atomically in the shared store, so a burst of
  // parallel requests gets no more hashes than the limit, on any number of instances. A success hands
  // its reservation back; a failure keeps it.
  const limits = device
    ? [[ctx.limits.loginDevice, device] as const]
    : ([
        [ctx.limits.loginIp, input.ip],
        [ctx.limits.loginClient, client],
        [ctx.limits.loginAccount, email],
      ] as const);
  const taken: Array<(typeof limits)[number]> = [];
  for (const entry of limits) {
    const { admitted, retryAfter } = await entry[0].reserve(entry[1]);
    if (!admitted) {
      // Only attempts that reach the hash count: the ones this refusal reserved go back.
      for (const [limiter, key] of taken) await limiter.release(key);
      throw tooManyRequests(
        retryAfter,
        `Too many sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s), or reset your password.`,
        entry[0].label,
      );
    }
    taken.push(entry);
  }
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled_at'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user || !user.password_hash) {
    await burnPasswordCheck(input.password, ctx.config.scryptLog2N);
    throw unauthorized(FAILED_LOGIN);
  }
  if (!(await verifyPassword(input.password, user.password_hash))) throw unauthorized(FAILED_LOGIN);
  // Checked after the password, so a disabled account isn't revealed to someone guessing.
  if (user.disabled_at) throw new HttpError(403, DISABLED);
  if (device) await ctx.limits.loginDevice.reset(device);
  else {
    // Every attempt from an address counts (ipAttempts); the account's failures are only failures.
    await ctx.limits.loginClient.reset(client);
    await ctx.limits.loginAccount.release(email);
  }
  return user.id;
}

/**
 * A provider-verified identity: the account with its uid, else the one with its email (linked
 * only when the provider vouches for the email), else a new account. Resolves with the user's id.
 */
export async function socialSignIn(
  ctx: AccountsContext,
  identity: SocialIdentity,
  country: string,
): Promise<string> {
  const email = normaliseEmail(identity.email);
  const user =
    (await ctx.db
      .selectFrom('users')
      .select(['id', 'firebase_uid', 'email_verified_at', 'disabled_at'])
      .where('firebase_uid', '=', identity.uid)
      .executeTakeFirst()) ??
    (await ctx.db
      .selectFrom('users')
      .select(['id', 'firebase_uid', 'email_verified_at', 'disabled_at'])
      .where('email', '=', email)
      .executeTakeFirst());
  // Checked before linking so a disabled account is not changed by a sign-in attempt.
  if (user?.disabled_at) throw new HttpError(403, DISABLED);
  if (user) {
    if (!user.firebase_uid) {
      // Linking to a password account is only safe when the provider vouches for the email.
      if (!identity.emailVerified)
        throw new HttpError(
          409,
          'An account with this email already exists. Sign in with your password.',
        );
      await ctx.db
        .updateTable('users')
        .set({
          firebase_uid: identity.uid,
          email_verified_at: user.email_verified_at ?? nowIso(),
        })
        .where('id', '=', user.id)
        .execute();
    }
    return user.id;
  }
  const now = nowIso();
  const id = newId('usr');
  await ctx.db
    .insertInto('users')
    .values(
      newUserRow(
        {
          id,
          email,
          name: identity.name ?? email.split('@')[0]!,
          avatar_url: identity.picture,
          country,
          email_verified_at: identity.emailVerified ? now : null,
          firebase_uid: identity.uid,
        },
        now,
      ),
    )
    .execute();
  return id;
}
