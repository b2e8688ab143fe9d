import { callOperation } from '@streamflix/shared';

/** What choosing a profile may ask for: its PIN, or the account password when leaving a kids profile. */
export type ProfileProof = { pin?: string; password?: string };

/** POST /profiles/{profileId}/select: the session watches as this profile from now on. */
export const selectProfile = (profileId: string, proof: ProfileProof) =>
  callOperation('POST /profiles/{profileId}/select', { params: { profileId }, body: proof });
