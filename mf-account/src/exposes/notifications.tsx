import { useCatalogs } from '@streamflix/shared';
import { NotificationList } from '../features/notifications/components/notification-list';
import { catalogs } from '../locales/catalogs';

export default function Notifications() {
  useCatalogs(catalogs);
  return <NotificationList />;
}
