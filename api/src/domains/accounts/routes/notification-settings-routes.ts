import { IdParams, NotificationSettings } from '../../../lib/common-schemas';
import { NotificationSettingsPatch } from '../schemas/notification-settings-schemas';
import { loadUserView, updateNotificationSettings } from '../services/users';
import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';

export const notificationSettingsRoutes = defineRoutes<AccountsContext>(['users'], (route, ctx) => {
  route.patch('/users/notificationSettings/:id', {
    summary: 'Change notification settings',
    description:
      'Only the fields sent change. fcmToken registers this browser for FCM push (null unregisters). ' +
      "newReleases and recommendations are the calling device's profile's; the others are the account's.",
    access: 'self',
    kidsProfile: 'refused',
    params: IdParams,
    body: NotificationSettingsPatch,
    reply: NotificationSettings,
    handler: async (request, auth) => {
      await updateNotificationSettings(ctx.db, request.params.id, request.body, auth.profileId);
      const user = await loadUserView(
        ctx.db,
        ctx.billing,
        request.params.id,
        request.auth?.profileId,
      );
      return { message: 'Notification settings saved.', data: user.notificationSettings };
    },
  });
});
