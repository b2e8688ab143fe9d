import { callOperation, type ApiBody } from '@streamflix/shared';

/** PATCH /users/notificationSettings/{id}: answers with the whole settings record. */
export const updateNotificationSettings = (
  userId: string,
  patch: ApiBody<'PATCH /users/notificationSettings/{id}'>,
) =>
  callOperation('PATCH /users/notificationSettings/{id}', { params: { id: userId }, body: patch });
