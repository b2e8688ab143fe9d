import { callOperation } from '@streamflix/shared';

/**
 * POST /profiles/{profileId}/select without a PIN or password: the profile this device remembers,
 * chosen again on a new session. A locked profile answers with a failure, and the gate asks.
 */
export const selectRememberedProfile = (profileId: string) =>
  callOperation('POST /profiles/{profileId}/select', { params: { profileId }, body: {} });
