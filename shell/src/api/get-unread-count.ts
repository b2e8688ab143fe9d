import { callOperation, queryKey, unwrap } from '@streamflix/shared';

const UNREAD_QUERY = { unreadOnly: true, limit: 1 } as const;

/** The header's unread count, one entry under GET /notifications beside the inbox's own pages. */
export const unreadCountKey = (userId: string) =>
  queryKey('GET /notifications', { user: userId, ...UNREAD_QUERY });

/** Every cached query of this viewer's notifications: this count and the inbox list. */
export const notificationsKeyOf = (userId: string) =>
  queryKey('GET /notifications', { user: userId });

/** GET /notifications, one unread item asked: the answer's `unreadCount` is the number. */
export async function getUnreadCount(userId: string): Promise<number> {
  const page = unwrap(
    await callOperation('GET /notifications', { query: { user: userId, ...UNREAD_QUERY } }),
  );
  return page.unreadCount;
}
