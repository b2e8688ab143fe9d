import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app-context';
import { HttpError, badRequest, tooManyRequests, unauthorized } from '../lib/http-errors';
import { newId, nowIso } from '../lib/ids';
import { bearerSecurity, requireAuth } from '../plugins/auth';
import {
  AuthResult,
  Country,
  MessageOnly,
  Tokens,
  User,
  replies,
  ErrorEnvelope,
} from '../schemas/common-schemas';
import { assertStrongPassword } from '../services/password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../services/passwords';
import { loadUserView, normaliseEmail } from '../services/users';

import { Code, Email, NewPassword } from '../schemas/auth-schemas';

// user-routes.ts still imports it from here.
export { NewPassword };

const FAILED_LOGIN = 'Email or password is incorrect.';

const tags = ['auth'];

async function sendVerificationEmail(
  ctx: AppContext,
  user: { id: string; email: string; name: string },
) {
  const code = await ctx.codes.issue(user.id, 'verify-email');
  await ctx.mailer.send({
    to: user.email,
    kind: 'verify-email',
    subject: `${code} is your StreamFlix verification code`,
    text:
      `Hi ${user.name},\n\nYour verification code is ${code}. It expires in 15 minutes.\n\n` +
      `Or open ${ctx.config.appUrl}/email-verify?code=${code}\n\nIf you didn't create an account, ignore this email.`,
  });
}

function clientMeta(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Failure is one message whether or not the account exists (401). Disabled accounts: 403. ' +
          'Too many attempts per account or per address: 429 with Retry-After.',
        body: Type.Object({
          email: Email,
          password: Type.String({ minLength: 1, maxLength: 1024 }),
        }),
        response: replies(AuthResult),
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const device = `${email}|${request.ip}`;
      // Failures count per account *and* client: a stranger's guesses slow the stranger down,
      // not the owner. Past the per-account ceiling only devices that signed in before get through.
      const knownDevice = (await ctx.limits.knownDevices.count(device)) > 0;
      const wait = Math.max(
        await ctx.limits.loginIp.retryAfter(request.ip),
        await ctx.limits.loginClient.retryAfter(device),
        knownDevice ? 0 : await ctx.limits.loginAccount.retryAfter(email),
      );
      if (wait > 0)
        throw tooManyRequests(
          wait,
          `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s), or reset your password.`,
        );
      await ctx.limits.loginIp.hit(request.ip);
      const failed = async () => {
        await ctx.limits.loginClient.hit(device);
        await ctx.limits.loginAccount.hit(email);
        return unauthorized(FAILED_LOGIN);
      };
      const user = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      if (!user || !user.password_hash) {
        await burnPasswordCheck(request.body.password, ctx.config.scryptLog2N);
        throw await failed();
      }
      if (!(await verifyPassword(request.body.password, user.password_hash))) throw await failed();
      // Checked after the password, so a disabled account isn't revealed to someone guessing.
      if (user.disabled_at)
        throw new HttpError(403, 'This account has been disabled. Contact support for help.');
      await ctx.limits.loginClient.reset(device);
      await ctx.limits.knownDevices.hit(device);
      const tokens = await ctx.tokens.startSession(user.id, clientMeta(request));
      return {
        status: true as const,
        message: 'Signed in.',
        data: { tokens, user: await loadUserView(ctx.db, ctx.billing, user.id) },
      };
    },
  );

  app.post(
    '/auth/socialLogin',
    {
      schema: {
        tags,
        summary: 'Sign in with Google, Apple or Facebook (Firebase ID token)',
        description:
          "Verifies a Firebase Authentication ID token against Google's keys. Answers 503 with status false when " +
          'FIREBASE_PROJECT_ID is not configured. Creates the account on first use; links to an existing account with the same verified email.',
        body: Type.Object({
          idToken: Type.String({ minLength: 10, maxLength: 8192 }),
          provider: Type.Optional(
            Type.Union([Type.Literal('google'), Type.Literal('apple'), Type.Literal('facebook')]),
          ),
          country: Type.Optional(Country),
        }),
        response: replies(AuthResult),
      },
    },
    async (request) => {
      if (!ctx.social)
        throw new HttpError(
          503,
          'Social login is not configured on this server. Sign in with email and password.',
        );
      let identity;
      try {
        identity = await ctx.social.verify(request.body.idToken);
      } catch {
        throw unauthorized('We could not verify that sign-in. Please try again.');
      }
      const email = normaliseEmail(identity.email);
      let user =
        (await ctx.db
          .selectFrom('users')
          .selectAll()
          .where('firebase_uid', '=', identity.uid)
          .executeTakeFirst()) ??
        (await ctx.db
          .selectFrom('users')
          .selectAll()
          .where('email', '=', email)
          .executeTakeFirst());
      // Checked before linking so a disabled account is not changed by a sign-in attempt.
      if (user?.disabled_at)
        throw new HttpError(403, 'This account has been disabled. Contact support for help.');
      if (user && !user.firebase_uid) {
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
      if (!user) {
        const now = nowIso();
        const id = newId('usr');
        await ctx.db
          .insertInto('users')
          .values({
            id,
            email,
            name: identity.name ?? email.split('@')[0]!,
            password_hash: null,
            avatar_url: identity.picture,
            country: (request.body.country ?? ctx.config.defaultCountry).toUpperCase(),
            language: 'en',
            email_verified_at: identity.emailVerified ? now : null,
            disabled_at: null,
            firebase_uid: identity.uid,
            notify_new_releases: 1,
            notify_recommendations: 1,
            notify_account: 1,
            notify_marketing_email: 0,
            notify_push: 1,
            fcm_token: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        user = await ctx.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      }
      if (user.disabled_at)
        throw new HttpError(403, 'This account has been disabled. Contact support for help.');
      const tokens = await ctx.tokens.startSession(user.id, clientMeta(request));
      return {
        status: true as const,
        message: 'Signed in.',
        data: { tokens, user: await loadUserView(ctx.db, ctx.billing, user.id) },
      };
    },
  );

  app.post(
    '/auth/refresh-tokens',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair',
        description:
          'Rotation: the refresh token is single use. Presenting one that was already used revokes the whole session (401).',
        body: Type.Object({ refreshToken: Type.String({ minLength: 10, maxLength: 512 }) }),
        response: replies(Type.Object({ tokens: Tokens })),
      },
    },
    async (request) => {
      const { access, refresh } = await ctx.tokens.rotate(request.body.refreshToken);
      return {
        status: true as const,
        message: 'Tokens refreshed.',
        data: { tokens: { access, refresh } },
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { lenientAuth: true },
      schema: {
        tags,
        summary: 'Sign out this session',
        description:
          'Ends the session of the bearer token, or of the refresh token in the body (works with an expired access token). Always succeeds.',
        body: Type.Optional(
          Type.Object({
            refreshToken: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
          }),
        ),
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      if (request.auth) await ctx.tokens.revokeSession(request.auth.sessionId, 'logout');
      const refreshToken = request.body?.refreshToken;
      if (refreshToken) {
        const session = await ctx.tokens.sessionOfRefreshToken(refreshToken);
        // A refresh token of another user's session can't be used to sign them out.
        if (session && (!request.auth || request.auth.userId === session.userId)) {
          await ctx.tokens.revokeSession(session.sessionId, 'logout');
        }
      }
      return { status: true as const, message: 'Signed out.' };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      schema: {
        tags,
        summary: 'Sign out on every device',
        security: bearerSecurity,
        description:
          'Revokes every session of the user at once; access tokens issued before are refused immediately.',
        response: replies(Type.Object({ sessionsEnded: Type.Integer() })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const sessionsEnded = await ctx.tokens.revokeAllSessions(auth.userId, 'logout-all');
      return {
        status: true as const,
        message: 'Signed out on all devices.',
        data: { sessionsEnded },
      };
    },
  );

  app.post(
    '/auth/send-verification-email',
    {
      schema: {
        tags,
        summary: 'Email a new verification code to the signed-in user',
        security: bearerSecurity,
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await ctx.db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'email_verified_at'])
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      if (user.email_verified_at)
        return { status: true as const, message: 'Your email is already verified.' };
      const wait = await ctx.limits.emails.retryAfter(`verify:${user.id}`);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          'We have sent several codes already. Please wait a few minutes before asking for another.',
        );
      await ctx.limits.emails.hit(`verify:${user.id}`);
      await sendVerificationEmail(ctx, user);
      return { status: true as const, message: `We sent a new code to ${user.email}.` };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { lenientAuth: false },
      schema: {
        tags,
        summary: 'Verify the email address with the six-digit code',
        description:
          "Signed in: the code is checked for the bearer's account. Signed out: send the email too. " +
          'Codes expire after 15 minutes and die after 5 wrong tries.',
        body: Type.Object({ code: Code, email: Type.Optional(Email) }),
        response: replies(
          Type.Object({ user: Type.Optional(User), emailVerified: Type.Boolean() }),
        ),
      },
    },
    async (request) => {
      let userId = request.auth?.userId;
      if (!userId) {
        if (!request.body.email)
          throw badRequest('Enter the email address the code was sent to.', {
            email: 'is required',
          });
        const row = await ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', normaliseEmail(request.body.email))
          .executeTakeFirst();
        if (!row)
          throw badRequest('That code is not valid. Check the latest email we sent you.', {
            code: 'invalid',
          });
        userId = row.id;
      }
      const outcome = await ctx.codes.consume(userId, 'verify-email', request.body.code);
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
      const user = request.auth ? await loadUserView(ctx.db, ctx.billing, userId) : undefined;
      return {
        status: true as const,
        message: 'Your email is verified.',
        data: { emailVerified: true, ...(user ? { user } : {}) },
      };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { publicWrite: true },
      schema: {
        tags,
        summary: 'Email a password reset code',
        description:
          'Answers the same whether or not the account exists, so it cannot be used to discover accounts.',
        body: Type.Object({ email: Email }),
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      // The lookup, the code and the email happen after the answer, so neither the answer nor
      // its timing says whether the account exists.
      ctx.background.run('forgot-password email', async () => {
        const user = await ctx.db
          .selectFrom('users')
          .select(['id', 'name', 'email'])
          .where('email', '=', email)
          .executeTakeFirst();
        if (!user || (await ctx.limits.emails.retryAfter(`reset:${email}`)) > 0) return;
        await ctx.limits.emails.hit(`reset:${email}`);
        const code = await ctx.codes.issue(user.id, 'reset-password');
        await ctx.mailer.send({
          to: user.email,
          kind: 'reset-password',
          subject: `${code} is your StreamFlix password reset code`,
          text:
            `Hi ${user.name},\n\nUse the code ${code} to choose a new password. It expires in 15 minutes.\n\n` +
            `Or open ${ctx.config.appUrl}/forgot-password?email=${encodeURIComponent(user.email)}&code=${code}\n\n` +
            `If you didn't ask for this, you can ignore this email; your password stays the same.`,
        });
      });
      return {
        status: true as const,
        message: 'If an account exists for that email, we sent a code to reset the password.',
      };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Choose a new password with the emailed code',
        description: 'Signs the account out everywhere; sign in again with the new password.',
        body: Type.Object({ email: Email, code: Code, newPassword: NewPassword }),
        response: { 200: MessageOnly, '4xx': ErrorEnvelope },
      },
    },
    async (request) => {
      assertStrongPassword(
        request.body.newPassword,
        { email: normaliseEmail(request.body.email) },
        'newPassword',
      );
      const user = await ctx.db
        .selectFrom('users')
        .select(['id'])
        .where('email', '=', normaliseEmail(request.body.email))
        .executeTakeFirst();
      const outcome = user
        ? await ctx.codes.consume(user.id, 'reset-password', request.body.code)
        : 'invalid';
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
          password_hash: await hashPassword(request.body.newPassword, ctx.config.scryptLog2N),
          // Receiving the code proves control of the mailbox.
          email_verified_at: nowIso(),
          updated_at: nowIso(),
        })
        .where('id', '=', user.id)
        .execute();
      await ctx.tokens.revokeAllSessions(user.id, 'password-reset');
      await ctx.limits.loginAccount.reset(normaliseEmail(request.body.email));
      await ctx.notifier.notify(user.id, {
        kind: 'account',
        title: 'Password changed',
        body: 'Your password was reset and every device was signed out.',
      });
      return {
        status: true as const,
        message: 'Your password has been reset. Sign in with the new password.',
      };
    },
  );
};
