import { Type } from 'typebox';
import { notFound, unauthorized } from '../../../lib/http-errors';
import { requireSelf } from '../../../plugins/auth';
import {
  NotificationPage,
  NotificationParams,
  NotificationsQuery,
  PushTokenBody,
  ReadAllResult,
  ReadResult,
  StreamTicketResult,
} from '../schemas/notification-schemas';
import { clampLimit } from '../../../lib/paging';
import type { AuthContext } from '../../../lib/auth-tokens';
import {
  forgetPushToken,
  forgetSessionPushTokens,
  listNotifications,
  markAllRead,
  markRead,
  registerPushToken,
} from '../services/notification-inbox';
import { STREAM_TICKET_TTL_SECONDS, StreamTickets } from '../services/stream-tickets';
import { defineRoutes } from '../../../lib/define-routes';
import { ErrorEnvelope } from '../../../lib/common-schemas';

const tags = ['notifications'];

export const notificationRoutes = defineRoutes(tags, (route, ctx, app) => {
  const openStreams = new Set<() => void>();
  const tickets = new StreamTickets(ctx.db);
  // Whatever revokes a session (logout, logout-all, password change or reset) ends its streams at once.
  // Their FCM tokens go too, so a signed-out browser gets no more pushes.
  const stopEndingRevoked = ctx.tokens.onRevoke(async (sessionIds) => {
    await ctx.push.endSessions(sessionIds);
    await forgetSessionPushTokens(ctx.db, sessionIds);
  });
  // Open event streams would keep the server from closing.
  app.addHook('onClose', async () => {
    stopEndingRevoked();
    for (const end of openStreams) end();
  });

  route.get('/notifications', {
    summary: "The signed-in user's notifications, newest first",
    access: 'signed-in',
    querystring: NotificationsQuery,
    reply: NotificationPage,
    handler: async (request) => {
      requireSelf(request, request.query.user);
      const limit = clampLimit(request.query.limit);
      const page = request.query.page ?? 1;
      const list = await listNotifications(ctx.db, request.query.user, {
        profileId: request.auth?.profileId,
        unreadOnly: request.query.unreadOnly,
        page,
        limit,
      });
      return {
        message: 'Notifications.',
        data: {
          ...list,
          page,
          limit,
          push: { fcm: ctx.push.fcmEnabled, streamUrl: '/v1/notifications/stream' },
        },
      };
    },
  });

  route.patch('/notifications/:id/read', {
    summary: 'Mark one notification read',
    access: 'signed-in',
    params: NotificationParams,
    reply: ReadResult,
    handler: async (request, auth) => {
      // Someone else's notification is indistinguishable from a missing one.
      if (!(await markRead(ctx.db, auth.userId, request.params.id)))
        throw notFound('That notification does not exist.');
      return { message: 'Marked as read.', data: { id: request.params.id, read: true } };
    },
  });

  route.post('/notifications/read-all', {
    summary: 'Mark every notification read',
    access: 'signed-in',
    reply: ReadAllResult,
    handler: async (_request, auth) => ({
      message: 'All caught up.',
      data: { updated: await markAllRead(ctx.db, auth.userId) },
    }),
  });

  route.put('/notifications/push-token', {
    summary: "Register this browser's FCM token",
    description:
      'Idempotent. The token belongs to the calling session: logout, logout-all and a password change or reset remove it. ' +
      'A token registered before by another account moves to this one (one browser, one viewer).',
    access: 'signed-in',
    body: PushTokenBody,
    reply: Type.Object({ registered: Type.Boolean() }),
    handler: async (request, auth) => {
      await registerPushToken(ctx.db, auth, request.body.token);
      return { message: 'Push notifications are on for this browser.', data: { registered: true } };
    },
  });

  route.delete('/notifications/push-token', {
    summary: 'Forget an FCM token of the signed-in user (a replaced or revoked one)',
    access: 'signed-in',
    body: PushTokenBody,
    reply: Type.Object({ removed: Type.Boolean() }),
    handler: async (request, auth) => ({
      message: 'Push notifications are off for this browser.',
      data: { removed: await forgetPushToken(ctx.db, auth.userId, request.body.token) },
    }),
  });

  route.post('/notifications/stream-ticket', {
    summary: 'A single-use ticket that opens the notification stream',
    description: `Valid once, for ${STREAM_TICKET_TTL_SECONDS} s, for the session that asked. Ask again before every (re)connect.`,
    access: 'signed-in',
    reply: StreamTicketResult,
    handler: async (_request, auth) => {
      const { ticket, expiresAt } = await tickets.issue(auth);
      return {
        message: 'Stream ticket issued.',
        data: {
          ticket,
          expiresAt,
          streamUrl: `/v1/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
        },
      };
    },
  });

  // Not an envelope route: the stream takes over the socket.
  app.get(
    '/notifications/stream',
    {
      schema: {
        tags,
        summary: 'Push over server-sent events (used when FCM is not configured)',
        description:
          'text/event-stream. EventSource cannot send headers, so pass a ticket from POST /notifications/stream-ticket as ?ticket= ' +
          '(a fetch-based client may send its Authorization header instead). Each notification arrives as an event named ' +
          '"notification" whose data is a Notification JSON. A comment line every 25 s keeps proxies from closing it; the ' +
          'stream ends when its session is revoked.',
        querystring: Type.Object({ ticket: Type.Optional(Type.String({ maxLength: 200 })) }),
        // The stream once it is open; refusals (no or spent ticket) are the JSON error envelope.
        response: {
          200: {
            description: 'Server-sent events',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      let auth: Pick<AuthContext, 'userId' | 'sessionId'> | null = request.auth;
      if (!auth) {
        if (!request.query.ticket)
          throw unauthorized(
            'Ask for a ticket (POST /v1/notifications/stream-ticket) and pass it as ?ticket=.',
          );
        const redeemed = await tickets.redeem(request.query.ticket);
        // The ticket outlives nothing, but the session may have been revoked since it was issued.
        if (!(await ctx.tokens.isSessionLive(redeemed.sessionId)))
          throw unauthorized('You have been signed out. Please sign in again.');
        auth = redeemed;
      }
      const { userId, sessionId } = auth;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 5000\nevent: ready\ndata: ${JSON.stringify({ userId })}\n\n`);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        unsubscribe();
        openStreams.delete(end);
      };
      const end = () => {
        close();
        res.end();
      };
      const unsubscribe = ctx.push.subscribe(
        userId,
        (message) => {
          const payload = {
            id: message.id,
            kind: message.kind,
            title: message.title,
            body: message.body,
            link: message.link,
            read: false,
            createdAt: message.createdAt,
          };
          res.write(`id: ${message.id}\nevent: notification\ndata: ${JSON.stringify(payload)}\n\n`);
        },
        { sessionId, end },
      );
      // A revocation on another API instance never reaches this one's listener: re-check on every beat.
      const keepAlive = setInterval(() => {
        void ctx.tokens.isSessionLive(sessionId).then(
          (live) => (live ? res.write(': keep-alive\n\n') : end()),
          () => res.write(': keep-alive\n\n'),
        );
      }, ctx.config.streamKeepAliveMs);
      keepAlive.unref();
      openStreams.add(end);
      request.raw.on('close', close);
    },
  );
});
