import { NavLink } from 'react-router-dom';
import { buttonClassName, Icon, paths, useI18n } from '@streamflix/shared';
import { useUnreadCount } from '../platform/unread-count';
import headerStyles from './app-header.module.css';
import styles from './notifications-link.module.css';

/** The header's bell, with the live unread count (spoken as part of the link's name). */
export function NotificationsLink() {
  const i18n = useI18n();
  const unread = useUnreadCount() ?? 0;
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <NavLink
      to={paths.notifications()}
      className={`${buttonClassName('ghost')} ${styles.link}`}
      aria-label={
        unread > 0
          ? i18n._({
              id: 'shell.notifications.unread',
              message: 'Notifications, {shown} unread',
              values: { shown },
            })
          : i18n._({ id: 'shell.notifications.label', message: 'Notifications' })
      }
    >
      <Icon
        className={headerStyles.icon}
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
      />
      <span className={`${headerStyles.wideOnly} ${headerStyles.roomyOnly}`}>
        {i18n._({ id: 'shell.notifications.label', message: 'Notifications' })}
      </span>
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {shown}
        </span>
      )}
    </NavLink>
  );
}
