import { callOperation } from '@streamflix/shared';

/** POST /profiles/{profileId}/delete: the profile with its My List, history and ratings. */
export const deleteProfile = (profileId: string, password: string) =>
  callOperation('POST /profiles/{profileId}/delete', { params: { profileId }, body: { password } });
