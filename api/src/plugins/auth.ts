import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuthContext, AuthTokens } from '../lib/auth-tokens';
import { ALL_LEVELS } from '../lib/maturity';
import { addVary } from './language';
import {
  KIDS_LOCK_HEADER,
  KIDS_LOCK_RELEASED,
  type KidsLock,
  type KidsLocks,
} from '../lib/kids-lock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Access tokens and the sessions behind them: accounts opens and revokes them, streams watch them. */
    tokens: AuthTokens;
    /** The device kids lock (lib/kids-lock.ts): made, read and released by the auth plugin. */
    kidsLocks: KidsLocks;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The kids lock the device sent (X-Kids-Lock), verified or unreadable; null without one. */
    kidsLock: KidsLock | null;
    /** Set by a handler: this answer gives the device a new lock, or tells it to drop it. */
    kidsLockOutcome: { userId: string; level: number } | 'released' | null;
    /**
     * The maturity ceiling this request browses under (lib/maturity.ts): the session's profile's, or the
     * operator's guest ceiling (GUEST_MATURITY) for guests and signed-out devices, lowered by the
     * device's kids lock (for guests, and for sessions of another account than the lock's).
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
  guestCeiling: number,
  kidsLocks: KidsLocks,
): void {
  app.decorate('tokens', tokens);
  app.decorate('kidsLocks', kidsLocks);
  app.decorateRequest('auth', null);
  app.decorateRequest('kidsLock', null);
  app.decorateRequest('kidsLockOutcome', null);
  app.decorateRequest('maturity', ALL_LEVELS);
  app.addHook('onRequest', async (request) => {
    const sent = request.headers[KIDS_LOCK_HEADER];
    const lock = typeof sent === 'string' && sent ? kidsLocks.read(sent) : null;
    request.kidsLock = lock;
    // A lock only ever lowers a ceiling.
    request.maturity = lock ? Math.min(guestCeiling, lock.level) : guestCeiling;
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    try {
      if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".');
      const auth = await tokens.authenticate(match[1]!);
      request.auth = auth;
      // A session of the lock's own account was opened with its credentials: its profile decides. Any
      // other account (a child's own new account, say) stays under the lock.
      const foreign = lock && lock.userId !== null && lock.userId !== auth.userId;
      request.maturity = foreign ? Math.min(auth.maturity, lock.level) : auth.maturity;
    } catch (err) {
      if (request.routeOptions.config?.lenientAuth) return;
      throw err;
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const lockHeader = kidsLockAnswer(request, kidsLocks);
    if (lockHeader) reply.header(KIDS_LOCK_HEADER, lockHeader);
    // What a device may see depends on its lock: no cache hands a locked device another's answer.
    addVary(reply, 'X-Kids-Lock');
    return payload;
  });
}

/**
 * What the answer tells the device about its lock: a kids session gets one (again when its ceiling or
 * account changed); a grown-up session of the lock's account, or any grown-up session when the lock
 * was unreadable, releases it; a handler may decide instead (selecting a profile, signing out).
 */
function kidsLockAnswer(request: FastifyRequest, locks: KidsLocks): string | null {
  const { auth, kidsLock: lock, kidsLockOutcome: outcome } = request;
  if (outcome === KIDS_LOCK_RELEASED) return KIDS_LOCK_RELEASED;
  if (outcome) return locks.issue(outcome.userId, outcome.level);
  if (!auth) return null;
  if (auth.kids)
    return lock?.userId === auth.userId && lock.level === auth.maturity
      ? null
      : locks.issue(auth.userId, auth.maturity);
  if (lock && (lock.userId === null || lock.userId === auth.userId)) return KIDS_LOCK_RELEASED;
  return null;
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
