import { Type, type Static } from 'typebox';

export const NotificationSettingsPatch = Type.Object({
  newReleases: Type.Optional(Type.Boolean()),
  recommendations: Type.Optional(Type.Boolean()),
  accountActivity: Type.Optional(Type.Boolean()),
  marketingEmails: Type.Optional(Type.Boolean()),
  push: Type.Optional(Type.Boolean()),
  fcmToken: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
});
export type NotificationSettingsPatch = Static<typeof NotificationSettingsPatch>;
