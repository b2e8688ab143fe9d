import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, AuditPage, AuditQuery } from '../schemas';
import { authenticate } from './authenticate';

/**
 * The audit is read-only here: there is no route that changes or removes a row (rows are written only
 * by an edit or a refusal, in the edit's own transaction).
 */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Who moved what, where, when, from and to which version (newest first)',
        description:
          'Every applied edit and every edit refused for its scope. Filter by environment, remote, team or ' +
          'outcome; page with `before`. Any valid token may read it.',
        security: [{ bearerAuth: [] }],
        querystring: AuditQuery,
        response: answers(AuditPage),
      },
    },
    async (request, reply) => {
      await authenticate(request);
      reply.header('cache-control', 'no-store');
      return app.controlPlane.environments.audit(request.query);
    },
  );
};
