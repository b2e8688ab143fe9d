import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound, unauthorized } from '../lib/http-errors';
import { nowIso } from '../lib/ids';
import { bearerSecurity, requireAuth, requireSelf } from '../plugins/auth';
import { Id, Notification, PageQuery, replies } from '../schemas/common-schemas';
import { clampLimit } from '../services/catalogue-queries';
import type { AuthContext } from '../services/auth-tokens';
import { STREAM_TICKET_TTL_SECONDS, StreamTickets } from '../services/stream-tickets';

const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const openStreams = new Set<() => void>();
  const tickets = new StreamTickets(ctx.db);
  // Whatever revokes a session (logout, logout-all, password change or reset) ends its streams at once.
  // Their FCM tokens go too, so a signed-out browser gets no more pushes.
  const stopEndingRevoked = ctx.tokens.onRevoke(async (sessionIds) => {
    await ctx.push.endSessions(sessionIds);
    await ctx.db.deleteFrom('push_tokens').where('session_id', 'in', sessionIds).execute();
  });
  // Open event streams would keep the server from closing.
  app.addHook('onClose', async () => {
    stopEndingRevoked();
    for (const end of openStreams) end();
  });

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first",
        security: bearerSecurity,
        querystring: Type.Object({
          user: Type.String({
            minLength: 1,
            maxLength: 100,
            description: "Must be the signed-in user's id.",
          }),
          unreadOnly: Type.Optional(Type.Boolean()),
          ...PageQuery,
        }),
        response: replies(
          Type.Object({
            notifications: Type.Array(Notification),
            unreadCount: Type.Integer(),
            page: Type.Integer(),
            limit: Type.Integer(),
            hasMore: Type.Boolean(),
            push: Type.Object({
              fcm: Type.Boolean({
                description: 'True when FCM is configured; otherwise subscribe to the SSE stream.',
              }),
              streamUrl: Type.String({
                description:
                  'EventSource URL; append ?ticket=<ticket from POST /notifications/stream-ticket>.',
              }),
            }),
          }),
        ),
      },
    },
    async (request) => {
      requireSelf(request, request.query.user);
      const limit = clampLimit(request.query.limit);
      const page = request.query.page ?? 1;
      let q = ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', request.query.user);
      if (request.query.unreadOnly) q = q.where('read_at', 'is', null);
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .offset((page - 1) * limit)
        .execute();
      const unread = await ctx.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', request.query.user)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return {
        status: true as const,
        message: 'Notifications.',
        data: {
          notifications: rows.slice(0, limit).map((n) => ({
            id: n.id,
            kind: n.kind,
            title: n.title,
            body: n.body,
            link: n.link,
            read: !!n.read_at,
            createdAt: n.created_at,
          })),
          unreadCount: Number(unread?.n ?? 0),
          page,
          limit,
          hasMore: rows.length > limit,
          push: { fcm: ctx.push.fcmEnabled, streamUrl: '/v1/notifications/stream' },
        },
      };
    },
  );

  app.patch(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        security: bearerSecurity,
        params: Type.Object({ id: Id }),
        response: replies(Type.Object({ id: Type.String(), read: Type.Boolean() })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await ctx.db
        .updateTable('notifications')
        .set({ read_at: nowIso() })
        .where('id', '=', request.params.id)
        .where('user_id', '=', auth.userId)
        .executeTakeFirst();
      // Someone else's notification is indistinguishable from a missing one.
      if (Number(result.numUpdatedRows) === 0) throw notFound('That notification does not exist.');
      return {
        status: true as const,
        message: 'Marked as read.',
        data: { id: request.params.id, read: true },
      };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark every notification read',
        security: bearerSecurity,
        response: replies(Type.Object({ updated: Type.Integer() })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await ctx.db
        .updateTable('notifications')
        .set({ read_at: nowIso() })
        .where('user_id', '=', auth.userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return {
        status: true as const,
        message: 'All caught up.',
        data: { updated: Number(result.numUpdatedRows) },
      };
    },
  );

  const PushTokenBody = Type.Object({
    token: Type.String({ minLength: 20, maxLength: 4096, pattern: '^[A-Za-z0-9:_\\-]+$' }),
  });

  app.put(
    '/notifications/push-token',
    {
      schema: {
        tags,
        summary: "Register this browser's FCM token",
        description:
          'Idempotent. The token belongs to the calling session: logout, logout-all and a password change or reset remove it. ' +
          'A token registered before by another account moves to this one (one browser, one viewer).',
        security: bearerSecurity,
        body: PushTokenBody,
        response: replies(Type.Object({ registered: Type.Boolean() })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const now = nowIso();
      await ctx.db
        .insertInto('push_tokens')
        .values({
          token: request.body.token,
          user_id: auth.userId,
          session_id: auth.sessionId,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('token').doUpdateSet({
            user_id: auth.userId,
            session_id: auth.sessionId,
            updated_at: now,
          }),
        )
        .execute();
      return {
        status: true as const,
        message: 'Push notifications are on for this browser.',
        data: { registered: true },
      };
    },
  );

  app.delete(
    '/notifications/push-token',
    {
      schema: {
        tags,
        summary: 'Forget an FCM token of the signed-in user (a replaced or revoked one)',
        security: bearerSecurity,
        body: PushTokenBody,
        response: replies(Type.Object({ removed: Type.Boolean() })),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const result = await ctx.db
        .deleteFrom('push_tokens')
        .where('token', '=', request.body.token)
        .where('user_id', '=', auth.userId)
        .executeTakeFirst();
      return {
        status: true as const,
        message: 'Push notifications are off for this browser.',
        data: { removed: Number(result.numDeletedRows) > 0 },
      };
    },
  );

  app.post(
    '/notifications/stream-ticket',
    {
      schema: {
        tags,
        summary: 'A single-use ticket that opens the notification stream',
        description: `Valid once, for ${STREAM_TICKET_TTL_SECONDS} s, for the session that asked. Ask again before every (re)connect.`,
        security: bearerSecurity,
        response: replies(
          Type.Object({
            ticket: Type.String(),
            expiresAt: Type.String({ format: 'date-time' }),
            streamUrl: Type.String(),
          }),
        ),
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { ticket, expiresAt } = await tickets.issue(auth);
      return {
        status: true as const,
        message: 'Stream ticket issued.',
        data: {
          ticket,
          expiresAt,
          streamUrl: `/v1/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
        },
      };
    },
  );

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
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      let auth: AuthContext | null = request.auth;
      if (!auth) {
        if (!request.query.ticket)
          throw unauthorized(
            'Ask for a ticket (POST /v1/notifications/stream-ticket) and pass it as ?ticket=.',
          );
        auth = await tickets.redeem(request.query.ticket);
        // The ticket outlives nothing, but the session may have been revoked since it was issued.
        if (!(await ctx.tokens.isSessionLive(auth.sessionId)))
          throw unauthorized('You have been signed out. Please sign in again.');
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
};
