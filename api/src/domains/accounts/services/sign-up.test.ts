import { signUpCode, useTestApp } from '../../../test/test-app';
import type { AccountsContext } from '../accounts-context';
import { accountsContext } from '..';
import { socialSignIn } from './sign-in';
import { MAX_SIGN_UP_ATTEMPTS, completeSignUp, resendSignUpCode, startSignUp } from './sign-up';

const t = useTestApp();
let ctx: AccountsContext;
beforeAll(async () => {
  ctx = await accountsContext(t.app, {});
});

let n = 0;
async function pending(over: Partial<Parameters<typeof startSignUp>[1]> = {}) {
  n += 1;
  const email = `pending${n}-${Date.now()}@example.com`;
  const signUpId = await startSignUp(ctx, {
    email,
    name: `Pending ${n}`,
    password: 'a long passphrase',
    country: 'US',
    language: 'en',
    ...over,
  });
  return { email, signUpId, code: await signUpCode(t.app, email) };
}
const users = (email: string) =>
  t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).execute();
const pendingRows = (email: string) =>
  t.app.ctx.db.selectFrom('pending_sign_ups').selectAll().where('email', '=', email).execute();

test('stores the password hashed, never the code, and creates the account verified', async () => {
  const p = await pending();
  const [row] = await pendingRows(p.email);
  expect(row).toMatchObject({ id: p.signUpId, attempts: 0 });
  expect(row!.password_hash).toMatch(/^scrypt\$/);
  expect(JSON.stringify(row)).not.toContain('a long passphrase');
  expect(JSON.stringify(row)).not.toContain(p.code);

  const userId = await completeSignUp(ctx, p.signUpId, p.code);
  expect(userId).toMatch(/^usr_/);
  const [user] = await users(p.email);
  expect(user).toMatchObject({ id: userId, password_hash: row!.password_hash });
  expect(user!.email_verified_at).not.toBeNull();
  expect(await pendingRows(p.email)).toHaveLength(0);
});

test('parallel guesses cannot get past the attempt limit', async () => {
  const p = await pending();
  const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '0'))
    .filter((c) => c !== p.code)
    .map((c) => completeSignUp(ctx, p.signUpId, c));
  expect((await Promise.all(guesses)).every((r) => r === null)).toBe(true);
  const [row] = await pendingRows(p.email);
  expect(row!.attempts).toBe(MAX_SIGN_UP_ATTEMPTS);
  expect(await completeSignUp(ctx, p.signUpId, p.code)).toBeNull();
  expect(await users(p.email)).toHaveLength(0);
});

test('the right code sent twice at once makes one account', async () => {
  const p = await pending();
  const results = await Promise.all([
    completeSignUp(ctx, p.signUpId, p.code),
    completeSignUp(ctx, p.signUpId, p.code),
  ]);
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await users(p.email)).toHaveLength(1);
});

test('two sign-ups for one address: the first completed wins, the other dies', async () => {
  const first = await pending();
  const secondId = await startSignUp(ctx, {
    email: first.email,
    name: 'Second',
    password: 'another passphrase',
    country: 'US',
    language: 'en',
  });
  const second = await signUpCode(t.app, first.email);
  expect(await completeSignUp(ctx, first.signUpId, first.code)).not.toBeNull();
  expect(await completeSignUp(ctx, secondId, second)).toBeNull();
  expect(await users(first.email)).toHaveLength(1);
});

test('an account made by a social login in the meantime is not duplicated or taken over', async () => {
  const p = await pending();
  const socialId = await socialSignIn(
    ctx,
    {
      uid: `firebase-${n}`,
      email: p.email,
      emailVerified: true,
      name: 'Social',
      picture: null,
      provider: 'google',
    },
    'US',
  );
  expect(await completeSignUp(ctx, p.signUpId, p.code)).toBeNull();
  const [user] = await users(p.email);
  expect(user).toMatchObject({ id: socialId, password_hash: null });
});

test('an existing address gets no pending sign-up and no code', async () => {
  const p = await pending();
  await completeSignUp(ctx, p.signUpId, p.code);
  const again = await startSignUp(ctx, {
    email: p.email,
    name: 'Again',
    password: 'another passphrase',
    country: 'US',
    language: 'en',
  });
  await t.app.ctx.background.settled();
  expect(await pendingRows(p.email)).toHaveLength(0);
  expect(await completeSignUp(ctx, again, p.code)).toBeNull();
});

test('a resend replaces the code and moves the expiry; a sign-up past a day gets none', async () => {
  const p = await pending();
  const [before] = await pendingRows(p.email);
  resendSignUpCode(ctx, p.signUpId);
  const fresh = await signUpCode(t.app, p.email);
  const [after] = await pendingRows(p.email);
  expect(after!.code_hash).not.toBe(before!.code_hash);
  expect(after!.expires_at >= before!.expires_at).toBe(true);

  await t.app.ctx.db
    .updateTable('pending_sign_ups')
    .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
    .where('id', '=', p.signUpId)
    .execute();
  resendSignUpCode(ctx, p.signUpId);
  await t.app.ctx.background.settled();
  const [old] = await pendingRows(p.email);
  expect(old!.code_hash).toBe(after!.code_hash);
  expect(await signUpCode(t.app, p.email)).toBe(fresh);
});
