import { badRequest, tooManyRequests } from '../../../lib/http-errors';
import { HelpConversation, HelpMessage, HelpMessageBody } from '../schemas/help-schemas';
import { helpConversation, storeViewerMessage } from '../services/help-messages';
import { defineRoutes } from '../../../lib/define-routes';

/** The local customer-chat: what a viewer writes through the help widget, kept and listed back to them. */
export const helpRoutes = defineRoutes(['help'], (route, ctx) => {
  // A person types a handful of messages; more is a script filling the table (ctx.limits.help).
  const sends = ctx.limits.help;

  route.get('/help/messages', {
    summary: "The signed-in viewer's help conversation, oldest first (the last 100)",
    access: 'signed-in',
    reply: HelpConversation,
    handler: async (_request, auth) => ({
      message: 'Your messages.',
      data: { messages: await helpConversation(ctx.db, auth.userId) },
    }),
  });

  route.post('/help/messages', {
    summary: 'Send a message to support from the help widget',
    access: 'signed-in',
    body: HelpMessageBody,
    reply: HelpMessage,
    status: 201,
    handler: async (request, auth) => {
      const body = request.body.message.trim();
      if (!body) throw badRequest('Write a message first.', { message: 'Write a message first.' });
      const wait = await sends.retryAfter(auth.userId);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          `You have sent a lot of messages. Try again in ${Math.ceil(wait / 60)} minute(s).`,
          sends.label,
        );
      await sends.hit(auth.userId);
      return {
        message: 'Thanks, we got your message. We usually answer within a day.',
        data: await storeViewerMessage(ctx.db, auth.userId, body, request.body.page),
      };
    },
  });
});
