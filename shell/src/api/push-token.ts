import { callOperation } from '@streamflix/shared';

/** PUT /notifications/push-token: this device's FCM token, so the API can push to it. Answers whether it was stored. */
export const registerPushToken = async (token: string): Promise<boolean> =>
  (await callOperation('PUT /notifications/push-token', { body: { token } })).status;

/** DELETE /notifications/push-token: the device stops receiving pushes for this account. */
export const unregisterPushToken = async (token: string): Promise<void> => {
  await callOperation('DELETE /notifications/push-token', { body: { token } });
};
