import { callApi, type NotificationSettings, type User } from '@streamflix/shared';

export const updateNotificationSettings = (userId: string, patch: Partial<NotificationSettings>) =>
  callApi<NotificationSettings>({
    method: 'PATCH',
    url: `/users/notificationSettings/${encodeURIComponent(userId)}`,
    data: patch,
  });

export const updateCountry = (userId: string, country: string) =>
  callApi<User>({
    method: 'PATCH',
    url: `/users/${encodeURIComponent(userId)}`,
    data: { country },
  });

export const changePassword = (userId: string, currentPassword: string, newPassword: string) =>
  callApi<never>({
    method: 'POST',
    url: `/users/changePassword/${encodeURIComponent(userId)}`,
    data: { currentPassword, newPassword },
  });
