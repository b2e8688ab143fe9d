import { setActiveProfile, type HouseholdProfile } from '@streamflix/shared';

/**
 * The device's profile, as every remote reads it (shared's active profile). `alreadyCurrent`: the
 * API's session watches as it already, so what the screens loaded is kept (no reset of every query).
 */
export const activateProfile = (p: HouseholdProfile, alreadyCurrent = false): void =>
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
