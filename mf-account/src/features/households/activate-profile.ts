import { setActiveProfile, type HouseholdProfile } from '@streamflix/shared';

/**
 * The device's profile, as every remote reads it (shared's active profile). `alreadyCurrent`: the
 * API's session watches as it already, so what the screens loaded is kept (no reset of every query).
 */
export const activateProfile = (p: HouseholdProfile, alreadyCurrent = false): void =>
  setActiveProfile(p, { reset: !alreadyCurrent });
