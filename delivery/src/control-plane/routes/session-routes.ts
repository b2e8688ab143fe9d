import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, Health, Session } from '../schemas';
import { authenticate } from './authenticate';

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness and the database in use',
        response: answers(Health),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: app.controlPlane.database.dialect };
    },
  );

  app.get(
    '/session',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Who the presented token speaks for',
        security: [{ bearerAuth: [] }],
        response: answers(Session),
      },
    },
    async (request) => {
      const actor = await authenticate(request);
      return {
        tokenId: actor.tokenId,
        team: actor.team,
        environmentOwner: actor.environmentOwner,
        expiresAt: actor.expiresAt,
      };
    },
  );
};
