import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuthContext, AuthTokens } from '../lib/auth-tokens';
import { ALL_LEVELS } from '../lib/maturity';

declare module 'fastify' {
  interface FastifyInstance {
    /** Access tokens and the sessions behind them: accounts opens and revokes them, streams watch them. */
    tokens: AuthTokens;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /**
     * The maturity ceiling this request browses under (lib/maturity.ts): the session's profile's, or the
     * operator's guest ceiling (GUEST_MATURITY) for guests and signed-out devices.
     */
    maturity: number;
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
export function registerAuth(
  app: FastifyInstance,
  tokens: AuthTokens,
  guestCeiling: number = ALL_LEVELS,
): void {
  app.decorate('tokens', tokens);
  app.decorateRequest('auth', null);
  app.decorateRequest('maturity', ALL_LEVELS);
  app.addHook('onRequest', async (request) => {
    request.maturity = guestCeiling;
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    try {
      if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
      request.auth = await tokens.authenticate(match[1]!);
      request.maturity = request.auth.maturity;
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
