import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuthContext, AuthTokens } from '../lib/auth-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Access tokens and the sessions behind them: accounts opens and revokes them, streams watch them. */
    tokens: AuthTokens;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Logout must work with an expired or revoked access token: the refresh token in the body identifies the session. */
    lenientAuth?: boolean;
  }
}

/**
 * A bearer token, when present, is checked on every route, public ones included:
 * a stale token gets a 401 so the client refreshes instead of silently browsing as a guest.
 */
export function registerAuth(app: FastifyInstance, tokens: AuthTokens): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    try {
      if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
      request.auth = await tokens.authenticate(match[1]!);
    } catch (err) {
      if (request.routeOptions.config?.lenientAuth) return;
      throw err;
    }
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Users may only read or change their own resources. */
export function requireSelf(request: FastifyRequest, userId: string): AuthContext {
  const auth = requireAuth(request);
  if (auth.userId !== userId) throw forbidden("You can only access your own account's data.");
  return auth;
}

/** userId in a query or body is the spec's habit; it may only name the caller. Guests' userId is ignored. */
export function checkUserIdParam(request: FastifyRequest, userId?: string | null): void {
  if (userId && request.auth) requireSelf(request, userId);
}

export const bearerSecurity = [{ bearerAuth: [] }];
