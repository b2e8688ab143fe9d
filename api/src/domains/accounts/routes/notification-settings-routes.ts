import { IdParams, NotificationSettings } from '../../../lib/common-schemas';
import { NotificationSettingsPatch } from '../schemas/notification-settings-schemas';
import { loadUserView, updateNotificationSettings } from '../services/users';
import { defineRoutes } from '../../../lib/define-routes';
import { kidsProfileRefused } from '../../../lib/http-errors';
import type { AccountsContext } from '../accounts-context';

export const notificationSettingsRoutes = defineRoutes<AccountsContext>(['users'], (route, ctx) => {
  route.patch('/users/notificationSettings/:id', {
    summary: 'Change notification settings',
    description:
      'Only the fields sent change. fcmToken registers this browser for FCM push (null unregisters). ' +
      "newReleases and recommendations are the calling device's profile's; the others are the account's: a kids " +
      'profile may change its own two and fcmToken only (403, errors.profile = "kids_profile").',
    access: 'self',
    params: IdParams,
    body: NotificationSettingsPatch,
    reply: NotificationSettings,
    handler: async (request, auth) => {
      const { accountActivity, marketingEmails, push } = request.body;
      if (auth.kids && [accountActivity, marketingEmails, push].some((v) => v !== undefined))
        throw kidsProfileRefused(
          "A kids profile can change only its own notifications. The account's are a grown-up's.",
        );
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
