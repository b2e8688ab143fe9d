import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bearerSecurity, requireSelf } from '../plugins/auth';
import { IdParams, NotificationSettings, replies } from '../schemas/common-schemas';
import { NotificationSettingsPatch } from '../schemas/notification-settings-schemas';
import { loadUserView, updateNotificationSettings } from '../services/users';

export const notificationSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.patch(
    '/users/notificationSettings/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Change notification settings',
        security: bearerSecurity,
        params: IdParams,
        description:
          'Only the fields sent change. fcmToken registers this browser for FCM push (null unregisters).',
        body: NotificationSettingsPatch,
        response: replies(NotificationSettings),
      },
    },
    async (request) => {
      requireSelf(request, request.params.id);
      await updateNotificationSettings(ctx.db, request.params.id, request.body);
      const user = await loadUserView(ctx.db, ctx.billing, request.params.id);
      return {
        status: true as const,
        message: 'Notification settings saved.',
        data: user.notificationSettings,
      };
    },
  );
};
