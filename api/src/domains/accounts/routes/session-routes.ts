import { Type } from 'typebox';
import { startSessionFor } from '../services/session-start';
import { LoginBody, LogoutBody, RefreshBody, SessionsEnded } from '../schemas/auth-schemas';
import { AuthResult, Tokens } from '../../../lib/common-schemas';
import { passwordSignIn } from '../services/sign-in';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';
import { normaliseEmail } from '../../../lib/emails';
import { deviceCookieOf, setDeviceCookie } from '../services/device-cookies';
import { checkAccountPassword, kidsSessions } from '../services/households';
import { HttpError, KIDS_PROFILE } from '../../../lib/http-errors';

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
});
