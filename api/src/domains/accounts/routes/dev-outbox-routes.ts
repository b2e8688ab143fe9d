import { Type } from 'typebox';
import type { RoutesPlugin } from '../../../lib/define-routes';
import { notFound } from '../../../lib/http-errors';
import { replies } from '../../../lib/common-schemas';
import { normaliseEmail } from '../../../lib/emails';
import { hasBearer, isLoopbackClient } from '../../../lib/loopback-client';
import type { AccountsContext } from '../accounts-context';

/**
 * Registered only with DEV_ROUTES=1 (npm start, npm run dev, the browser tests), and even then
 * answered only to this machine's loopback socket with no proxy configured, or to a caller sending
 * `Authorization: Bearer <DEV_ROUTES_TOKEN>`: the outbox holds every password-reset code.
 */
export const devOutboxRoutes: RoutesPlugin<AccountsContext> = async (app, { ctx }) => {
  app.addHook('onRequest', async (request) => {
    const { trustProxy, devRoutesToken } = ctx.config;
    if (!isLoopbackClient(request, trustProxy !== undefined) && !hasBearer(request, devRoutesToken))
      throw notFound(`There is no ${request.method} ${request.url.split('?')[0]} endpoint.`);
  });

  app.get(
    '/dev/outbox',
    {
      // The bearer token here is DEV_ROUTES_TOKEN, not a viewer's: the auth plugin must not refuse it.
      config: { lenientAuth: true },
      schema: {
        tags: ['dev'],
        summary: 'Local email outbox (DEV_ROUTES=1, loopback clients only)',
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
