import { callOperation, queryKey, unwrap, useViewerQuery, type ApiData } from '@streamflix/shared';

export type NotificationPage = ApiData<'GET /notifications'>;

const PAGE = { limit: 50 } as const;

/** The viewer's inbox; the shell's unread count is another query under the same operation. */
export const notificationsKey = (userId: string) =>
  queryKey('GET /notifications', { user: userId, ...PAGE });

export async function getNotifications(userId: string): Promise<NotificationPage> {
  return unwrap(await callOperation('GET /notifications', { query: { user: userId, ...PAGE } }));
}

export function useNotifications() {
  return useViewerQuery(notificationsKey, getNotifications);
}
