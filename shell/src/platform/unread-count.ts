import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryClient, useSession } from '@streamflix/shared';
import {
  getUnreadCount,
  notificationsKeyOf,
  unreadCountKey as unreadKey,
} from '../api/get-unread-count';

/**
 * The header's unread count. Live: a pushed message bumps it at once, and it is
 * re-read on every route change and when the tab regains focus (a notification
 * read on the notifications screen or in another tab).
 */
export function useUnreadCount(): number | undefined {
  const { userId } = useSession();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: unreadKey(userId),
    queryFn: () => getUnreadCount(userId),
    enabled: userId !== '',
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const { refetch } = query;
  const firstPath = useRef(pathname);
  useEffect(() => {
    // The query's own first fetch covers the first route.
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    if (userId) void refetch();
  }, [pathname, userId, refetch]);
  return userId ? query.data : undefined;
}

/** A message arrived: count it now, then let the server's number settle it; the inbox list refreshes too. */
export function noteNewNotification(userId: string): void {
  if (!userId) return;
  queryClient.setQueryData<number>(unreadKey(userId), (n) => (n === undefined ? n : n + 1));
  // Every query of this viewer's notifications: this count and the inbox list.
  void queryClient.invalidateQueries({ queryKey: notificationsKeyOf(userId) });
}
