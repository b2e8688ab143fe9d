import { Type } from 'typebox';
import { startSessionFor } from '../services/session-start';
import {
  KidsLockReleaseBody,
  LoginBody,
  LogoutBody,
  RefreshBody,
  SessionsEnded,
} from '../schemas/auth-schemas';
import { AuthResult, Tokens } from '../../../lib/common-schemas';
import { passwordSignIn } from '../services/sign-in';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';
import { normaliseEmail } from '../../../lib/emails';
import { deviceCookieOf, setDeviceCookie } from '../services/device-cookies';
import { checkAccountPassword, kidsSessions } from '../services/households';
import { badRequest, HttpError, KIDS_PROFILE } from '../../../lib/http-errors';
import { KIDS_LOCK_RELEASED } from '../../../lib/kids-lock';

/** Sessions: sign in with a password, refresh, sign out here or everywhere. */
export const sessionRoutes = defineRoutes<AccountsContext>(['auth'], (route, ctx) => {
  route.post('/auth/login', {
    summary: 'Sign in with email and password',
    description:
      'Failure is one message whether or not the account exists (401). Disabled accounts: 403. ' +
      'Too many attempts: 429 with Retry-After. A browser that signed in to the account before sends its ' +
      'device cookie (`sf_device`, HttpOnly, set by this call and by `POST /auth/register/verify`; call with ' +
      'credentials) and its attempts are counted on their own, so nobody else can lock it out; attempts ' +
      'without one are counted per account and address, per address, and per account.',
    body: LoginBody,
    reply: AuthResult,
    handler: async (request, _auth, reply) => {
      const userId = await passwordSignIn(ctx, {
        ...request.body,
        ip: request.ip,
        deviceCookie: deviceCookieOf(request),
      });
      const data = await startSessionFor(ctx, request, userId);
      setDeviceCookie(reply, request, ctx.config.jwtSecret, normaliseEmail(request.body.email));
      return { message: 'Signed in.', data };
    },
  });

  route.post('/auth/refresh-tokens', {
    summary: 'Exchange a refresh token for a new token pair',
    description:
      'Rotation: the refresh token is single use. Presenting one that was already used revokes the whole session (401).',
    body: RefreshBody,
    reply: Type.Object({ tokens: Tokens }),
    handler: async (request) => {
      const { access, refresh } = await ctx.tokens.rotate(request.body.refreshToken);
      return { message: 'Tokens refreshed.', data: { tokens: { access, refresh } } };
    },
  });

  route.post('/auth/logout', {
    summary: 'Sign out this session',
    description:
      'Ends the session of the bearer token, or of the refresh token in the body (works with an expired access token). ' +
      'A session on a kids profile needs the account password too (403, errors.profile = "kids_profile" without it; ' +
      'wrong: 403 errors.password; too many wrong: 429): until then the device stays signed in under the kids ceiling. ' +
      'With it, the answer releases the device kids lock (`X-Kids-Lock: released`). ' +
      'Otherwise always succeeds.',
    config: { lenientAuth: true },
    body: LogoutBody,
    handler: async (request, auth) => {
      const ending: Array<{ sessionId: string; userId: string }> = [];
      if (auth) ending.push(auth);
      const refreshToken = request.body?.refreshToken;
      if (refreshToken) {
        const session = await ctx.tokens.sessionOfRefreshToken(refreshToken);
        // A refresh token of another user's session can't be used to sign them out.
        if (session && (!auth || auth.userId === session.userId)) ending.push(session);
      }
      // A device on a kids profile stays on it, signed in under its ceiling, until the account
      // password is given: signing out would make it a guest.
      const kids = await kidsSessions(
        ctx.db,
        ending.map((s) => s.sessionId),
      );
      if (kids.length > 0) {
        const password = request.body?.password;
        if (!password)
          throw new HttpError(403, 'Signing out of a kids profile needs the account password.', {
            profile: KIDS_PROFILE,
            password: 'is required',
          });
        await checkAccountPassword(ctx, ending[0]!.userId, password);
        // The password was given: the device leaves the kids ceiling with its session.
        request.kidsLockOutcome = KIDS_LOCK_RELEASED;
      }
      for (const { sessionId } of ending) await ctx.tokens.revokeSession(sessionId, 'logout');
      return { message: 'Signed out.' };
    },
  });

  route.post('/auth/logout-all', {
    summary: 'Sign out on every device',
    description:
      'Revokes every session of the user at once; access tokens issued before are refused immediately.',
    access: 'signed-in',
    kidsProfile: 'refused',
    reply: SessionsEnded,
    handler: async (_request, auth) => {
      const sessionsEnded = await ctx.tokens.revokeAllSessions(auth.userId, 'logout-all');
      return { message: 'Signed out on all devices.', data: { sessionsEnded } };
    },
  });

  route.post('/auth/kids-lock/release', {
    summary: "Unlock this device from a kids profile's ceiling",
    description:
      'A device that watched as a kids profile carries a kids lock (request header `X-Kids-Lock`) and browses ' +
      "under its ceiling after its session ended. The password of the lock's account releases it (the answer " +
      'says `X-Kids-Lock: released`); the check shares the account-password attempt limit (429 with ' +
      'Retry-After). No lock: 400 errors.kidsLock = "is missing"; a lock the API cannot verify, or of an account ' +
      'that no longer exists: 400 errors.kidsLock = "is not valid" (a grown-up sign-in releases it). Wrong password: ' +
      '403 errors.password = "is incorrect".',
    body: KidsLockReleaseBody,
    handler: async (request) => {
      const lock = request.kidsLock;
      if (!lock) throw badRequest('This device is not locked.', { kidsLock: 'is missing' });
      const account =
        lock.userId &&
        (await ctx.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', lock.userId)
          .executeTakeFirst());
      if (!lock.userId || !account)
        throw badRequest(
          "This device's kids lock can't be released with a password. Sign in to the account, or clear this site's data in the browser.",
          { kidsLock: 'is not valid' },
        );
      await checkAccountPassword(ctx, lock.userId, request.body.password);
      request.kidsLockOutcome = KIDS_LOCK_RELEASED;
      return { message: 'This device is unlocked.' };
    },
  });
});
