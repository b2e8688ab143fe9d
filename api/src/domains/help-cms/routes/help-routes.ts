import { badRequest, tooManyRequests } from '../../../lib/http-errors';
import {
  GuestHelpMessage,
  GuestHelpMessageBody,
  HelpConversation,
  HelpMessage,
  HelpMessageBody,
} from '../schemas/help-schemas';
import { helpConversation, storeGuestMessage, storeViewerMessage } from '../services/help-messages';
import { defineRoutes } from '../../../lib/define-routes';
import type { HelpCmsContext } from '../help-cms-context';
import { requestLanguage } from '../../../plugins/language';

/** The local customer-chat: what a viewer writes through the help widget, kept and listed back to them. */
export const helpRoutes = defineRoutes<HelpCmsContext>(['help'], (route, ctx) => {
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

  route.post('/help/guest-messages', {
    summary: 'Send a message to support as a guest, with an email address for the answer',
    description:
      'No account needed, as with a chat provider: the message is kept with the address, which gets a ' +
      'confirmation email (a few per address at most; it repeats nothing of the message). Invalid email or an ' +
      'empty message: 400 per field. Limited per client address (5 per 15 minutes): 429 with Retry-After. ' +
      'Signed-in viewers write with `POST /help/messages` and see their conversation.',
    body: GuestHelpMessageBody,
    reply: GuestHelpMessage,
    status: 201,
    handler: async (request) => {
      const body = request.body.message.trim();
      if (!body) throw badRequest('Write a message first.', { message: 'Write a message first.' });
      // Per address, so a script cannot fill the table or send confirmations to a list of strangers.
      const wait = await ctx.limits.helpGuests.retryAfter(request.ip);
      if (wait > 0)
        throw tooManyRequests(
          wait,
          `You have sent several messages from this device. Try again in ${Math.ceil(wait / 60)} ` +
            'minute(s), or log in to write from your account.',
          ctx.limits.helpGuests.label,
        );
      await ctx.limits.helpGuests.hit(request.ip);
      const stored = await storeGuestMessage(ctx, {
        email: request.body.email,
        body,
        page: request.body.page,
        language: requestLanguage(request),
      });
      return {
        message: `Thanks, we got your message. We will answer at ${stored.email}, usually within a day.`,
        data: stored,
      };
    },
  });
});
