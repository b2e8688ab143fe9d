import type { AccountsContext } from '../accounts-context';
import { newId, nowIso, sha256, sixDigitCode } from '../../../lib/ids';
import { hashPassword } from './passwords';
import { newUserRow } from './users';
import { emailText } from '../../../lib/i18n/email-text';

/**
 * Verify-first sign-up (issue 15 finding 9). Starting a sign-up answers the same, after the
 * same work, whether or not the address has an account: everything that depends on the
 * address (the lookup, the pending row, the email) happens after the answer. The account
 * only exists once the emailed code comes back.
 */

export const SIGN_UP_CODE_TTL_MS = 15 * 60_000;
/** A resend can revive the code within this time; after it the viewer starts again. */
export const SIGN_UP_LIFETIME_MS = 24 * 60 * 60_000;
/** Wrong codes before a pending sign-up is locked for good. */
export const MAX_SIGN_UP_ATTEMPTS = 5;

export interface SignUpForm {
  /** Already normalised. */
  email: string;
  name: string;
  password: string;
  country: string;
  language: string;
}

const codeHash = (signUpId: string, code: string) => sha256(`${signUpId}:${code}`);

/** In the language the sign-up was started in (its form's, else its Accept-Language). */
async function emailCode(
  ctx: AccountsContext,
  to: string,
  name: string,
  code: string,
  language: string,
) {
  await ctx.mailer.send({
    to,
    kind: 'sign-up-code',
    ...emailText('signUpCode', language, { name, code }),
  });
}

/** In the existing account's language: it is the owner who reads it. */
async function tellOwner(ctx: AccountsContext, email: string, language: string) {
  // Rate-limited so sign-up attempts cannot be used to flood someone's inbox.
  if ((await ctx.limits.emails.retryAfter(`signup-attempt:${email}`)) > 0) return;
  await ctx.limits.emails.hit(`signup-attempt:${email}`);
  await ctx.mailer.send({
    to: email,
    kind: 'signup-attempt',
    ...emailText('signUpAttempt', language, { email, appUrl: ctx.config.appUrl }),
  });
}

/** Resolves with an id that looks the same whether or not a pending sign-up is stored under it. */
export async function startSignUp(ctx: AccountsContext, form: SignUpForm): Promise<string> {
  const signUpId = newId('su');
  // Hashed for every request, so a new address and an existing one cost the same.
  const passwordHash = await hashPassword(form.password, ctx.config.scryptLog2N);
  ctx.background.run('sign-up email', async () => {
    const existing = await ctx.db
      .selectFrom('users')
      .select(['id', 'language'])
      .where('email', '=', form.email)
      .executeTakeFirst();
    if (existing) return tellOwner(ctx, form.email, existing.language);
    await ctx.db
      .deleteFrom('pending_sign_ups')
      .where('created_at', '<', new Date(Date.now() - SIGN_UP_LIFETIME_MS).toISOString())
      .execute();
    if ((await ctx.limits.emails.retryAfter(`signup:${form.email}`)) > 0) return;
    await ctx.limits.emails.hit(`signup:${form.email}`);
    const code = sixDigitCode();
    const now = Date.now();
    await ctx.db
      .insertInto('pending_sign_ups')
      .values({
        id: signUpId,
        email: form.email,
        name: form.name,
        password_hash: passwordHash,
        country: form.country,
        language: form.language,
        code_hash: codeHash(signUpId, code),
        attempts: 0,
        expires_at: new Date(now + SIGN_UP_CODE_TTL_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    await emailCode(ctx, form.email, form.name, code, form.language);
  });
  return signUpId;
}

/** A new code for a pending sign-up that is still alive; nothing at all for any other id. */
export function resendSignUpCode(ctx: AccountsContext, signUpId: string): void {
  ctx.background.run('sign-up code resend', async () => {
    const row = await ctx.db
      .selectFrom('pending_sign_ups')
      .selectAll()
      .where('id', '=', signUpId)
      .executeTakeFirst();
    if (!row || row.attempts >= MAX_SIGN_UP_ATTEMPTS) return;
    if (row.created_at < new Date(Date.now() - SIGN_UP_LIFETIME_MS).toISOString()) return;
    if ((await ctx.limits.emails.retryAfter(`signup:${row.email}`)) > 0) return;
    await ctx.limits.emails.hit(`signup:${row.email}`);
    const code = sixDigitCode();
    await ctx.db
      .updateTable('pending_sign_ups')
      .set({
        code_hash: codeHash(signUpId, code),
        expires_at: new Date(Date.now() + SIGN_UP_CODE_TTL_MS).toISOString(),
      })
      .where('id', '=', signUpId)
      .execute();
    await emailCode(ctx, row.email, row.name, code, row.language);
  });
}

/**
 * The right code turns the pending sign-up into a verified account and resolves with its id;
 * anything else (unknown id, wrong or expired code, locked, already used) resolves with null,
 * so every failure looks the same to the caller.
 */
export async function completeSignUp(
  ctx: AccountsContext,
  signUpId: string,
  code: string,
): Promise<string | null> {
  // Each guess is counted before it is compared, atomically, so parallel guesses cannot
  // get past the limit.
  const counted = await ctx.db
    .updateTable('pending_sign_ups')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', signUpId)
    .where('attempts', '<', MAX_SIGN_UP_ATTEMPTS)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) !== 1) return null;
  const row = await ctx.db
    .selectFrom('pending_sign_ups')
    .selectAll()
    .where('id', '=', signUpId)
    .executeTakeFirst();
  if (!row || row.code_hash !== codeHash(signUpId, code)) return null;
  const userId = newId('usr');
  const now = nowIso();
  const user = newUserRow(
    {
      id: userId,
      email: row.email,
      name: row.name,
      password_hash: row.password_hash,
      country: row.country,
      language: row.language,
      // The code proves the viewer reads this mailbox.
      email_verified_at: now,
    },
    now,
  );
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .deleteFrom('pending_sign_ups')
        .where('id', '=', signUpId)
        .executeTakeFirst();
      if (Number(claimed.numDeletedRows) !== 1) throw new Error('sign-up already completed');
      // The unique index on users.email decides a race with another sign-up or a social login.
      await trx.insertInto('users').values(user).execute();
      await trx.deleteFrom('pending_sign_ups').where('email', '=', row.email).execute();
    });
  } catch {
    return null;
  }
  await ctx.notifier.notify(userId, {
    kind: 'account',
    title: 'Welcome to StreamFlix',
    body: 'Pick a few genres you love and we will tune your home screen.',
    link: '/interest',
  });
  return userId;
}
