import { callOperation } from '@streamflix/shared';

/** PUT /profiles/{profileId}/pin: lock the profile with a 4-digit PIN, or `null` to remove the lock. */
export const setProfilePin = (profileId: string, pin: string | null, password: string) =>
  callOperation('PUT /profiles/{profileId}/pin', {
    params: { profileId },
    body: { pin, password },
  });
