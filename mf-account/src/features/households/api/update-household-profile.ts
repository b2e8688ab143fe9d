import { callOperation, type ApiBody } from '@streamflix/shared';

/**
 * PATCH /profiles/{profileId}: a household profile's name, avatar, language, kids flag or ceiling
 * (the account password for whatever decides what a child can reach). Not the account's own
 * profile (PATCH /users/{id}, features/profile).
 */
export const updateHouseholdProfile = (
  profileId: string,
  body: ApiBody<'PATCH /profiles/{profileId}'>,
) => callOperation('PATCH /profiles/{profileId}', { params: { profileId }, body });
