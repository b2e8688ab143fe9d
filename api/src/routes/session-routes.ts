import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { startSessionFor } from '../lib/session-start';
import { bearerSecurity, requireAuth } from '../plugins/auth';
import { LoginBody, LogoutBody, RefreshBody, SessionsEnded } from '../schemas/auth-schemas';
import { AuthResult, ErrorEnvelope, MessageOnly, Tokens, replies } from '../schemas/common-schemas';
import { passwordSignIn } from '../services/sign-in';

const tags = ['auth'];

/** Sessions: sign in with a password, refresh, sign out here or everywhere. */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        body: LoginBody,
        response: replies(AuthResult),
      },
    },
    async (request) => {
      const userId = await passwordSignIn(ctx, { ...request.body, ip: request.ip });
      return {
        status: true as const,
        message: 'Signed in.',
        data: await startSessionFor(ctx, request, userId),
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
        body: RefreshBody,
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
        body: LogoutBody,
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
        response: replies(SessionsEnded),
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
};
