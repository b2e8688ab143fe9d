import { callOperation } from '@streamflix/shared';

/** POST /users/changePassword/{id}: every other session ends; this one stays. */
export const changePassword = (userId: string, currentPassword: string, newPassword: string) =>
  callOperation('POST /users/changePassword/{id}', {
    params: { id: userId },
    body: { currentPassword, newPassword },
  });
