import { Type } from 'typebox';
import { Id, Notification, PageQuery } from '../../../lib/common-schemas';

export const NotificationsQuery = Type.Object({
  user: Type.String({
    minLength: 1,
    maxLength: 100,
    description: "Must be the signed-in user's id.",
  }),
  unreadOnly: Type.Optional(Type.Boolean()),
  ...PageQuery,
});

export const NotificationPage = Type.Object({
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
});

export const NotificationParams = Type.Object({ id: Id });
export const ReadResult = Type.Object({ id: Type.String(), read: Type.Boolean() });
export const ReadAllResult = Type.Object({ updated: Type.Integer() });

export const PushTokenBody = Type.Object({
  token: Type.String({ minLength: 20, maxLength: 4096, pattern: '^[A-Za-z0-9:_\\-]+$' }),
});

export const StreamTicketResult = Type.Object({
  ticket: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  streamUrl: Type.String(),
});
