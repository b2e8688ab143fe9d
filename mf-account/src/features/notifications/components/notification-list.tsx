import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  QueryState,
  Skeleton,
  paths,
  useFormat,
  useI18n,
  useSession,
  type Notification,
} from '@streamflix/shared';
import { describeFailure } from '../../../lib/describe-failure';
import {
  notificationsKey,
  useNotifications,
  type NotificationPage,
} from '../api/get-notifications';
import { markRead } from '../api/mark-notification-read';
import { markAllRead } from '../api/mark-all-notifications-read';
import screen from '../../../lib/screen.module.css';
import styles from './notifications.module.css';
import { FormAlert } from '../../../components/form-alert';

/** In-app links only: a notification's link must not send the viewer off-site. */
const inAppLink = (link: string | null) =>
  link && link.startsWith('/') && !link.startsWith('//') ? link : null;

/** /notification: newest first, unread marked, one or all marked read. */
export function NotificationList() {
  const i18n = useI18n();
  const f = useFormat();
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const list = useNotifications();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const patchCache = (fn: (n: Notification) => Notification) =>
    queryClient.setQueryData<NotificationPage>(notificationsKey(userId), (prev) => {
      if (!prev) return prev;
      const notifications = prev.notifications.map(fn);
      return { ...prev, notifications, unreadCount: notifications.filter((n) => !n.read).length };
    });

  const readOne = async (id: string) => {
    setBusy(id);
    setError(null);
    const r = await markRead(id);
    setBusy(null);
    if (r.status) patchCache((n) => (n.id === id ? { ...n, read: true } : n));
    else setError(describeFailure(r));
  };

  const readAll = async () => {
    setBusy('all');
    setError(null);
    const r = await markAllRead();
    setBusy(null);
    if (r.status) patchCache((n) => ({ ...n, read: true }));
    else setError(describeFailure(r));
  };

  return (
    <main className={screen.wide}>
      <h1 className={screen.title}>
        {i18n._({ id: 'mf-account.notifications.title', message: 'Notifications' })}
      </h1>
      <QueryState
        query={list}
        pending={
          <Skeleton
            height={200}
            label={i18n._({
              id: 'mf-account.notifications.loading',
              message: 'Loading notifications',
            })}
          />
        }
      >
        {(page) =>
          page.notifications.length === 0 ? (
            <div className={styles.empty}>
              <p>
                {i18n._({ id: 'mf-account.notifications.empty', message: 'No notifications yet.' })}
              </p>
              <p>
                {i18n._({
                  id: 'mf-account.notifications.emptyHint',
                  message: 'New releases, recommendations and account news will show up here.',
                })}
              </p>
              <Link to={paths.general()}>
                {i18n._({
                  id: 'mf-account.notifications.choose',
                  message: 'Choose what we notify you about',
                })}
              </Link>
            </div>
          ) : (
            <>
              <div className={styles.toolbar}>
                <p className={screen.muted} role="status">
                  {page.unreadCount === 0
                    ? i18n._({ id: 'mf-account.notifications.caughtUp', message: 'All caught up.' })
                    : i18n._({
                        id: 'mf-account.notifications.unreadCount',
                        message: '{count, plural, one {# unread} other {# unread}}',
                        values: { count: page.unreadCount },
                      })}
                </p>
                <Button
                  variant="secondary"
                  disabled={page.unreadCount === 0 || busy !== null}
                  aria-busy={busy === 'all'}
                  onClick={() => void readAll()}
                >
                  {i18n._({ id: 'mf-account.notifications.markAll', message: 'Mark all as read' })}
                </Button>
              </div>
              <FormAlert message={error} />
              <ul
                className={styles.list}
                aria-label={i18n._({
                  id: 'mf-account.notifications.list',
                  message: 'Notifications',
                })}
              >
                {page.notifications.map((n) => {
                  const link = inAppLink(n.link);
                  return (
                    <li key={n.id} className={`${styles.item} ${n.read ? '' : styles.unread}`}>
                      <span
                        className={`${styles.dot} ${n.read ? styles.readDot : ''}`}
                        aria-hidden="true"
                      />
                      <div>
                        <h2 className={styles.itemTitle}>
                          {n.read ? null : (
                            <span className="sf-visually-hidden">
                              {i18n._({
                                id: 'mf-account.notifications.unreadPrefix',
                                message: 'Unread:',
                              })}{' '}
                            </span>
                          )}
                          {link ? (
                            <Link
                              to={link}
                              onClick={() => (n.read ? undefined : void readOne(n.id))}
                            >
                              {n.title}
                            </Link>
                          ) : (
                            n.title
                          )}
                        </h2>
                        <p className={styles.body}>{n.body}</p>
                        <p className={styles.meta}>
                          <time dateTime={n.createdAt}>{f.formatDateTime(n.createdAt)}</time>
                        </p>
                      </div>
                      {n.read ? (
                        <span className={styles.meta}>
                          {i18n._({ id: 'mf-account.notifications.read', message: 'Read' })}
                        </span>
                      ) : (
                        <Button
                          variant="ghost"
                          disabled={busy !== null}
                          aria-busy={busy === n.id}
                          onClick={() => void readOne(n.id)}
                          aria-label={i18n._({
                            id: 'mf-account.notifications.markOneLabel',
                            message: 'Mark “{title}” as read',
                            values: { title: n.title },
                          })}
                        >
                          {i18n._({
                            id: 'mf-account.notifications.markOne',
                            message: 'Mark as read',
                          })}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )
        }
      </QueryState>
    </main>
  );
}
