import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest, tooManyRequests } from '../lib/http-errors';
import { bearerSecurity, requireAuth } from '../plugins/auth';
import { replies } from '../schemas/common-schemas';
import { HelpConversation, HelpMessage, HelpMessageBody } from '../schemas/help-schemas';
import { helpConversation, storeViewerMessage } from '../services/help-messages';

const tags = ['help'];

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
        response: replies(HelpConversation),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return {
        status: true as const,
        message: 'Your messages.',
        data: { messages: await helpConversation(ctx.db, auth.userId) },
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
        body: HelpMessageBody,
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
      const data = await storeViewerMessage(ctx.db, auth.userId, body, request.body.page);
      reply.status(201);
      return {
        status: true as const,
        message: 'Thanks, we got your message. We usually answer within a day.',
        data,
      };
    },
  );
};
