import { useCatalogs } from '@streamflix/shared';
import { NotificationList } from '../features/notifications/components/notification-list';
import { catalogs } from '../locales/catalogs';
import { notificationsCatalogs } from '../features/notifications/locales/catalogs';

export default function Notifications() {
  useCatalogs(catalogs);
  useCatalogs(notificationsCatalogs);
  return <NotificationList />;
}
