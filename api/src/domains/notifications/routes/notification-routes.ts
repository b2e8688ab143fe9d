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
  sessionProfile,
} from '../services/notification-inbox';
import { STREAM_TICKET_TTL_SECONDS, StreamTickets } from '../services/stream-tickets';
import { notificationsAfter, streamCursor } from '../services/stream-replay';
import type { PushMessage } from '../services/push-message';
import { defineRoutes } from '../../../lib/define-routes';
import type { NotificationsContext } from '../notifications-context';
import { ErrorEnvelope } from '../../../lib/common-schemas';

const tags = ['notifications'];

/**
 * What the stream tells EventSource to wait before reconnecting: an instance that dies takes its
 * streams with it, and the viewer should be back on another within a couple of seconds.
 */
export const STREAM_RETRY_MS = 1000;
const EVENT_ID = /^[\w-]{1,100}$/;

export const notificationRoutes = defineRoutes<NotificationsContext>(tags, (route, ctx, app) => {
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
      if (!(await markRead(ctx.db, auth, request.params.id)))
        throw notFound('That notification does not exist.');
      return { message: 'Marked as read.', data: { id: request.params.id, read: true } };
    },
  });

  route.post('/notifications/read-all', {
    summary: "Mark every notification read (the account's and this profile's)",
    access: 'signed-in',
    reply: ReadAllResult,
    handler: async (_request, auth) => ({
      message: 'All caught up.',
      data: { updated: await markAllRead(ctx.db, auth) },
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
          'stream ends when its session is revoked. Every event has an id; reconnecting with the last one (the ' +
          'Last-Event-ID header, or ?lastEventId= for a client that opens a new EventSource with a new ticket) ' +
          'first replays, from the inbox, every notification raised since, on whichever instance answers.',
        querystring: Type.Object({
          ticket: Type.Optional(Type.String({ maxLength: 200 })),
          lastEventId: Type.Optional(Type.String({ maxLength: 100 })),
        }),
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
      // The stream carries the account's notices and its session's profile's, never another profile's:
      // a device that switches profile hears its new profile's from then on.
      let profileId = (await sessionProfile(ctx.db, sessionId)) ?? userId;
      const forThisProfile = async (message: PushMessage): Promise<boolean> => {
        if (!message.profileId) return true;
        profileId = (await sessionProfile(ctx.db, sessionId).catch(() => null)) ?? profileId;
        return message.profileId === profileId;
      };
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
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
      const write = (message: PushMessage) => {
        if (closed) return;
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
      };
      // Live messages wait while the replay is read: subscribed first, none raised meanwhile is lost,
      // and one that is both replayed and live is sent once.
      let held: PushMessage[] | null = [];
      const unsubscribe = ctx.push.subscribe(
        userId,
        (message) =>
          held
            ? held.push(message)
            : !message.profileId
              ? write(message)
              : void forThisProfile(message).then((ours) => ours && write(message)),
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

      const lastEventId = request.headers['last-event-id'] ?? request.query.lastEventId;
      // Echoed as the ready event's id: only an id's characters, never a line break into the stream.
      const resumeFrom =
        typeof lastEventId === 'string' && EVENT_ID.test(lastEventId) ? lastEventId : null;
      let replay: PushMessage[] = [];
      let cursor: string | null = resumeFrom;
      try {
        if (resumeFrom) replay = await notificationsAfter(ctx.db, userId, profileId, resumeFrom);
        else cursor = await streamCursor(ctx.db, userId, profileId);
      } catch (err) {
        // The database is away: the stream still carries live messages; the inbox has the rest.
        request.log.warn({ err }, 'Could not read the notifications to replay');
      }
      if (closed) return;
      // The ready event carries the cursor, so even a viewer with nothing new yet resumes from here.
      res.write(
        `retry: ${STREAM_RETRY_MS}\n${cursor ? `id: ${cursor}\n` : ''}event: ready\ndata: ${JSON.stringify({ userId, replayed: replay.length })}\n\n`,
      );
      const sent = new Set(replay.map((m) => m.id));
      for (const message of replay) write(message);
      const live = held;
      held = null;
      for (const message of live)
        if (!sent.has(message.id) && (await forThisProfile(message))) write(message);
    },
  );
});
