import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest, tooManyRequests } from '../lib/http-errors';
import { newId, nowIso } from '../lib/ids';
import { bearerSecurity, requireAuth } from '../plugins/auth';
import { replies } from '../schemas/common-schemas';

const tags = ['help'];

const HelpMessage = Type.Object(
  {
    id: Type.String(),
    author: Type.Union([Type.Literal('viewer'), Type.Literal('support')]),
    body: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'HelpMessage' },
);

/** The local customer-chat: what a viewer writes through the help widget, kept and listed back to them. */
export const helpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  // A person types a handful of messages; more is a script filling the table (ctx.limits.help).
  const sends = ctx.limits.help;

  app.get(
    '/help/messages',
    {
      schema: {
        tags,
        summary: "The signed-in viewer's help conversation, oldest first (the last 100)",
        security: bearerSecurity,
        response: replies(Type.Object({ messages: Type.Array(HelpMessage) })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await ctx.db
        .selectFrom('help_messages')
        .selectAll()
        .where('user_id', '=', auth.userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
      return {
        status: true as const,
        message: 'Your messages.',
        data: {
          messages: rows.reverse().map((m) => ({
            id: m.id,
            author: m.author === 'support' ? ('support' as const) : ('viewer' as const),
            body: m.body,
            createdAt: m.created_at,
          })),
        },
      };
    },
  );

  app.post(
    '/help/messages',
    {
      schema: {
        tags,
        summary: 'Send a message to support from the help widget',
        security: bearerSecurity,
        body: Type.Object({
          message: Type.String({ minLength: 1, maxLength: 2000 }),
          page: Type.Optional(Type.String({ maxLength: 300 })),
        }),
        response: replies(HelpMessage, 201),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body.message.trim();
      if (!body) throw badRequest('Write a message first.', { message: 'Write a message first.' });
      const wait = await sends.retryAfter(auth.userId);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          `You have sent a lot of messages. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        );
      await sends.hit(auth.userId);
      const row = {
        id: newId('hlp'),
        user_id: auth.userId,
        author: 'viewer',
        body,
        page: request.body.page ?? null,
        created_at: nowIso(),
      };
      await ctx.db.insertInto('help_messages').values(row).execute();
      reply.status(201);
      return {
        status: true as const,
        message: 'Thanks, we got your message. We usually answer within a day.',
        data: { id: row.id, author: 'viewer' as const, body: row.body, createdAt: row.created_at },
      };
    },
  );
};
