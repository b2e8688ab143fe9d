import { defineRoutes } from '../../../lib/define-routes';
import type { AccountsContext } from '../accounts-context';
import { levelOfId, MATURITY_LEVELS } from '../../../lib/maturity';
import { requestLanguage } from '../../../plugins/language';
import {
  Household,
  HouseholdProfile,
  HouseholdProfilePatch,
  PasswordBody,
  PinBody,
  ProfileInput,
  ProfileParams,
  SelectProfileBody,
} from '../schemas/household-schemas';
import {
  createProfile,
  deleteProfile,
  listProfiles,
  MAX_PROFILES,
  PROFILE_AVATARS,
  maturityLabel,
  profileView,
  selectProfile,
  setProfilePin,
  updateProfile,
} from '../services/households';

/**
 * Households: the account's profiles ("Who's watching?"). My List, watch history, genres and ratings belong to
 * the profile the calling device chose; email, password, subscription and payments to the account.
 */
export const householdRoutes = defineRoutes<AccountsContext>(['profiles'], (route, ctx) => {
  route.get('/profiles', {
    summary: "The account's profiles, and the one this device watches as",
    access: 'signed-in',
    reply: Household,
    handler: async (request, auth) => {
      const language = requestLanguage(request);
      const { profiles, accountAvatar } = await listProfiles(ctx.db, auth.userId);
      return {
        message: 'Profiles.',
        data: {
          profiles: profiles.map((p) => profileView(p, accountAvatar, language)),
          current: auth.profileId,
          maxProfiles: MAX_PROFILES,
          avatars: [...PROFILE_AVATARS],
          accountAvatarUrl: accountAvatar,
          maturityLevels: MATURITY_LEVELS.map((m) => ({
            id: m.id,
            label: maturityLabel(m.id, language),
            ratings: [...m.ratings],
          })),
        },
      };
    },
  });

  route.post('/profiles', {
    summary: 'Add a profile',
    description: `Needs the account password. Up to ${MAX_PROFILES} per account; a kids profile's ceiling is at most older-kids.`,
    access: 'signed-in',
    kidsProfile: 'refused',
    body: ProfileInput,
    reply: HouseholdProfile,
    status: 201,
    handler: async (request, auth) => ({
      message: 'Profile added.',
      data: await createProfile(ctx, auth, request.body),
    }),
  });

  route.patch('/profiles/:profileId', {
    summary: 'Change a profile',
    description:
      'Name, avatar and language from any grown-up profile; maturity and kids need the account password.',
    access: 'signed-in',
    kidsProfile: 'refused',
    params: ProfileParams,
    body: HouseholdProfilePatch,
    reply: HouseholdProfile,
    handler: async (request, auth) => ({
      message: 'Profile saved.',
      data: await updateProfile(ctx, auth, request.params.profileId, request.body),
    }),
  });

  route.post('/profiles/:profileId/delete', {
    summary: 'Delete a profile and everything it holds',
    description:
      "Needs the account password. Its My List, history, genres and ratings go with it; the first profile can't be deleted; devices watching as it are signed out.",
    access: 'signed-in',
    kidsProfile: 'refused',
    params: ProfileParams,
    body: PasswordBody,
    handler: async (request, auth) => {
      await deleteProfile(ctx, auth, request.params.profileId, request.body.password);
      return { message: 'Profile deleted.' };
    },
  });

  route.put('/profiles/:profileId/pin', {
    summary: 'Lock a profile with a 4-digit PIN, or unlock it',
    access: 'signed-in',
    kidsProfile: 'refused',
    params: ProfileParams,
    body: PinBody,
    reply: HouseholdProfile,
    handler: async (request, auth) => {
      const { pin, password } = request.body;
      return {
        message: pin ? 'Profile locked.' : 'Profile unlocked.',
        data: await setProfilePin(ctx, auth, request.params.profileId, pin, password),
      };
    },
  });

  route.post('/profiles/:profileId/select', {
    summary: "Who's watching: this device watches as this profile",
    description:
      'A locked profile needs its pin (5 wrong in a row lock it for 15 minutes: 429). Leaving a kids profile for another needs the account password. ' +
      "Choosing a kids profile locks the device to its ceiling (the answer's `X-Kids-Lock` header: the device sends it back on every request, and it outlives the session); leaving it for a grown-up profile answers `X-Kids-Lock: released`.",
    access: 'signed-in',
    params: ProfileParams,
    body: SelectProfileBody,
    reply: HouseholdProfile,
    handler: async (request, auth) => {
      const profile = await selectProfile(ctx, auth, request.params.profileId, request.body ?? {});
      request.kidsLockOutcome = profile.kids
        ? { userId: auth.userId, level: levelOfId(profile.maturity) ?? MATURITY_LEVELS[0].level }
        : auth.kids
          ? 'released'
          : null;
      return { message: `Watching as ${profile.name}.`, data: profile };
    },
  });
});
