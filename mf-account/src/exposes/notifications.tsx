import { NotificationList } from '../features/notifications/components/notification-list';

export default function Notifications() {
  return <NotificationList />;
}
