import { callOperation, setActiveProfile, type HouseholdProfile } from '@streamflix/shared';

export type { HouseholdProfile };

/**
 * The device's profile, as every remote reads it (shared's active profile). `alreadyCurrent`: the API's
 * session watches as it already, so what the screens loaded is kept (no reset of every query).
 */
export const activate = (p: HouseholdProfile, alreadyCurrent = false): void =>
  setActiveProfile(
    {
      id: p.id,
      name: p.name,
      avatar: p.avatar,
      avatarUrl: p.avatarUrl,
      kids: p.kids,
      maturity: p.maturity,
      language: p.language,
    },
    { reset: !alreadyCurrent },
  );

export const loadHousehold = () => callOperation('GET /profiles');

export const selectProfile = (profileId: string, proof: { pin?: string; password?: string }) =>
  callOperation('POST /profiles/{profileId}/select', { params: { profileId }, body: proof });

export const createProfile = (body: {
  name: string;
  avatar?: string;
  language?: string;
  kids?: boolean;
  maturity?: HouseholdProfile['maturity'];
  password: string;
}) => callOperation('POST /profiles', { body });

export const updateProfile = (
  profileId: string,
  body: {
    name?: string;
    avatar?: string;
    language?: string;
    kids?: boolean;
    maturity?: HouseholdProfile['maturity'];
    password?: string;
  },
) => callOperation('PATCH /profiles/{profileId}', { params: { profileId }, body });

export const deleteProfile = (profileId: string, password: string) =>
  callOperation('POST /profiles/{profileId}/delete', { params: { profileId }, body: { password } });

export const setPin = (profileId: string, pin: string | null, password: string) =>
  callOperation('PUT /profiles/{profileId}/pin', {
    params: { profileId },
    body: { pin, password },
  });
