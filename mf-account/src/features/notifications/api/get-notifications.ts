import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, useSession, type ApiData } from '@streamflix/shared';

export type NotificationPage = ApiData<'GET /notifications'>;

export const notificationsKey = (userId: string) => ['account', 'notifications', userId] as const;

export function useNotifications() {
  const { userId } = useSession();
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: async () =>
      unwrap(
        await callApi<NotificationPage>({
          url: '/notifications',
          params: { user: userId, limit: 50 },
        }),
      ),
    enabled: userId !== '',
  });
}

export const markRead = (id: string) =>
  callApi<{ id: string; read: boolean }>({
    method: 'PATCH',
    url: `/notifications/${encodeURIComponent(id)}/read`,
  });
export const markAllRead = () =>
  callApi<{ updated: number }>({ method: 'POST', url: '/notifications/read-all' });
