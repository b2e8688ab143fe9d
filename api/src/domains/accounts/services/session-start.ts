import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { AuthResult } from '../../../lib/common-schemas';
import type { AccountsContext } from '../accounts-context';
import { loadUserView } from './users';

/**
 * Opens a session for a viewer who has just proved who they are, and answers what every way of
 * signing in answers: the token pair and the viewer. The session remembers the browser and address
 * it was opened from (the account's session list shows them).
 */
export async function startSessionFor(
  ctx: Pick<AccountsContext, 'db' | 'billing' | 'tokens'>,
  request: FastifyRequest,
  userId: string,
): Promise<Static<typeof AuthResult>> {
  const tokens = await ctx.tokens.startSession(userId, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  return { tokens, user: await loadUserView(ctx.db, ctx.billing, userId) };
}
