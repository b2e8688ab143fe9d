import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { replies } from '../schemas/common-schemas';
import { normaliseEmail } from '../services/users';

/** Only registered outside production: lets the local setup and browser tests read emails. */
export const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Local email outbox (not in production)',
        description: 'Newest first. code is the six-digit code found in the message, for tests.',
        querystring: Type.Object({
          email: Type.Optional(Type.String({ maxLength: 254 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
        response: replies(
          Type.Object({
            messages: Type.Array(
              Type.Object({
                id: Type.String(),
                to: Type.String(),
                subject: Type.String(),
                text: Type.String(),
                kind: Type.String(),
                code: Type.Union([Type.String(), Type.Null()]),
                createdAt: Type.String(),
              }),
            ),
          }),
        ),
      },
    },
    async (request) => {
      let q = ctx.db.selectFrom('outbox').selectAll();
      if (request.query.email) q = q.where('to_address', '=', normaliseEmail(request.query.email));
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(request.query.limit ?? 20)
        .execute();
      return {
        status: true as const,
        message: `${rows.length} messages.`,
        data: {
          messages: rows.map((m) => ({
            id: m.id,
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
            kind: m.kind,
            code: /\b(\d{6})\b/.exec(m.subject)?.[1] ?? null,
            createdAt: m.created_at,
          })),
        },
      };
    },
  );
};
