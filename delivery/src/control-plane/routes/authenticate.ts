import type { FastifyRequest } from 'fastify';
import { HttpProblem } from '../http-problem';
import type { Actor } from '../tokens';

const PROBLEMS = {
  unknown: 'That token is not one this control plane issued.',
  expired: 'That token has expired: ask for a new one (`npm run delivery -- token create`).',
  revoked: 'That token was revoked.',
} as const;

/** The actor behind the request's bearer token; 401 without a token that may act. */
export async function authenticate(request: FastifyRequest): Promise<Actor> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match)
    throw new HttpProblem(
      401,
      'unauthenticated',
      'Send a control-plane token: `Authorization: Bearer <token>`.',
    );
  const result = await request.server.controlPlane.tokens.authenticate(match[1]!);
  if ('problem' in result) throw new HttpProblem(401, 'unauthenticated', PROBLEMS[result.problem]);
  return result.actor;
}
