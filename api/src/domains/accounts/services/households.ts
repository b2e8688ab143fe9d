import type { Kysely, Selectable } from 'kysely';
import type { Database, ProfilesTable as ProfilesColumns } from '../../../db/schema';

/** A profile's row as read. */
type ProfilesTable = Selectable<ProfilesColumns>;
import type { AccountsContext } from '../accounts-context';
import type { AuthContext } from '../../../lib/auth-tokens';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../../lib/http-errors';
import { newId, nowIso } from '../../../lib/ids';
import { idOfLevel, KIDS_MAX_LEVEL, levelOfId, type MaturityId } from '../../../lib/maturity';
import { SOURCE_LANGUAGE, type Language } from '../../../lib/i18n/languages';
import { translate } from '../../../lib/i18n/messages';
import type { ProfileInput, ProfilePatch, ProfileView } from '../schemas/household-schemas';
import { avatarPath } from './avatars';
import { accountPasswordMatches } from './account-password';
import { checkPin } from './profile-pin';
import { hashPassword } from './passwords';

type Ctx = Pick<AccountsContext, 'db' | 'config' | 'tokens' | 'limits'>;

export const MAX_PROFILES = 5;
/** The avatars a profile picks from ("account" is the account's uploaded picture). */
export const PROFILE_AVATARS = [
  'sunrise',
  'ocean',
  'forest',
  'berry',
  'ember',
  'night',
  'mint',
  'gold',
] as const;

/** A maturity level's name in `language` ("All maturity ratings", "كل التصنيفات العمرية"). */
export const maturityLabel = (id: MaturityId, language: Language): string =>
  translate(`maturity.${id}`, language);

export function profileView(
  p: ProfilesTable,
  accountAvatar: string | null,
  language: Language = SOURCE_LANGUAGE,
): ProfileView {
  return {
    id: p.id,
    name: p.name,
    avatar: p.avatar ?? PROFILE_AVATARS[p.position % PROFILE_AVATARS.length]!,
    avatarUrl: p.avatar === 'account' ? accountAvatar : null,
    language: p.language,
    maturity: idOfLevel(p.maturity_level),
    maturityLabel: maturityLabel(idOfLevel(p.maturity_level), language),
    kids: p.kids === 1,
    locked: p.pin_hash !== null,
    primary: p.id === p.user_id,
  };
}

/**
 * The account's profiles in order. An account that has none yet (created before households, or by a path
 * that only writes the account) gets its first profile here: the account's own name and language, every
 * rating, and the account's id, so the lists and history it already has are that profile's.
 */
export async function listProfiles(
  db: Kysely<Database>,
  userId: string,
): Promise<{ profiles: ProfilesTable[]; accountAvatar: string | null }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'language', 'avatar_url', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound('That account does not exist.');
  let profiles = await db
    .selectFrom('profiles')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  if (!profiles.some((p) => p.id === userId)) {
    await db
      .insertInto('profiles')
      .values({
        id: userId,
        user_id: userId,
        name: user.name.slice(0, 40) || 'Me',
        language: user.language,
        avatar: null,
        maturity_level: 4,
        kids: 0,
        position: 0,
        pin_hash: null,
        pin_failures: 0,
        pin_locked_until: null,
        created_at: user.created_at,
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    profiles = await db
      .selectFrom('profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position')
      .execute();
  }
  return { profiles, accountAvatar: avatarPath(user.avatar_url) };
}

async function profileOf(db: Kysely<Database>, userId: string, profileId: string) {
  const { profiles, accountAvatar } = await listProfiles(db, userId);
  const profile = profiles.find((p) => p.id === profileId);
  if (!profile) throw notFound('That profile does not exist on this account.');
  return { profile, profiles, accountAvatar };
}

/** Which of these live sessions watch as a kids profile (a session that never chose is on the first, never kids). */
export async function kidsSessions(db: Kysely<Database>, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom('sessions as s')
    .innerJoin('profiles as p', (j) =>
      j.onRef('p.id', '=', 's.profile_id').onRef('p.user_id', '=', 's.user_id'),
    )
    .select('s.id')
    .where('s.id', 'in', sessionIds)
    .where('s.revoked_at', 'is', null)
    .where('p.kids', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** The account's PIN-locked profiles other than the one this device watches as (it gave that PIN). */
export async function lockedProfilesOtherThan(
  db: Kysely<Database>,
  auth: Pick<AuthContext, 'userId' | 'profileId'>,
): Promise<ProfilesTable[]> {
  const { profiles } = await listProfiles(db, auth.userId);
  return profiles.filter((p) => p.pin_hash !== null && p.id !== auth.profileId);
}

/** The account password, asked before creating, locking or deleting a profile and before leaving a kids profile. */
export async function checkAccountPassword(
  ctx: Pick<AccountsContext, 'db' | 'limits'>,
  userId: string,
  password: string | undefined,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.password_hash)
    throw badRequest(
      'Managing profiles needs your account password. This account signs in with Google, Apple or Facebook: set a password with "Forgot password" first.',
    );
  if (!password) throw badRequest('Enter your account password.', { password: 'is required' });
  if (!(await accountPasswordMatches(ctx, userId, password, user.password_hash)))
    throw new HttpError(403, 'That password is not right.', { password: 'is incorrect' });
}

function ceiling(maturity: string | undefined, kids: boolean, fallback: number): number {
  const level = maturity === undefined ? fallback : levelOfId(maturity);
  if (level === undefined) throw badRequest(`Unknown maturity rating "${maturity}".`);
  if (kids && level > KIDS_MAX_LEVEL)
    throw badRequest('A kids profile can only show titles rated up to PG, TV-Y7 or TV-G.', {
      maturity: 'is too high for a kids profile',
    });
  return level;
}

function cleanName(name: string, others: ProfilesTable[]): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (!clean) throw badRequest('Give the profile a name.', { name: 'is required' });
  if (others.some((p) => p.name.toLowerCase() === clean.toLowerCase()))
    throw conflict(`There is already a profile called ${clean}.`);
  return clean;
}

function checkAvatar(avatar: string | undefined, accountAvatar: string | null): void {
  if (avatar === undefined) return;
  if (avatar === 'account' ? !accountAvatar : !PROFILE_AVATARS.includes(avatar as never))
    throw badRequest(
      avatar === 'account'
        ? 'Upload a picture to your account first.'
        : `Unknown avatar "${avatar}".`,
      { avatar: 'is not one of the choices' },
    );
}

/** A kids profile's device may change nothing of the household without the account password. */
function assertNotKids(auth: AuthContext): void {
  if (auth.kids) throw forbidden("Profiles can't be managed from a kids profile.");
}

export async function createProfile(
  ctx: Ctx,
  auth: AuthContext,
  input: ProfileInput,
): Promise<ProfileView> {
  assertNotKids(auth);
  await checkAccountPassword(ctx, auth.userId, input.password);
  const { profiles, accountAvatar } = await listProfiles(ctx.db, auth.userId);
  if (profiles.length >= MAX_PROFILES)
    throw conflict(`An account can have up to ${MAX_PROFILES} profiles.`);
  const kids = input.kids ?? false;
  const name = cleanName(input.name, profiles);
  checkAvatar(input.avatar, accountAvatar);
  const now = nowIso();
  const position = Math.max(...profiles.map((p) => p.position)) + 1;
  const row: ProfilesTable = {
    id: newId('prf'),
    user_id: auth.userId,
    name,
    language: input.language ?? profiles[0]?.language ?? 'en',
    avatar: input.avatar ?? PROFILE_AVATARS[position % PROFILE_AVATARS.length]!,
    maturity_level: ceiling(input.maturity, kids, kids ? KIDS_MAX_LEVEL : 4),
    kids: kids ? 1 : 0,
    position,
    pin_hash: null,
    pin_failures: 0,
    pin_locked_until: null,
    notify_new_releases: 1,
    notify_recommendations: 1,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('profiles').values(row).execute();
  return profileView(row, accountAvatar);
}

/**
 * Name, avatar and language: from any grown-up profile. The maturity ceiling and the kids flag decide what a
 * child can reach, so changing them needs the account password.
 */
export async function updateProfile(
  ctx: Ctx,
  auth: AuthContext,
  profileId: string,
  patch: ProfilePatch,
): Promise<ProfileView> {
  assertNotKids(auth);
  const { profile, profiles, accountAvatar } = await profileOf(ctx.db, auth.userId, profileId);
  const guarded = patch.maturity !== undefined || patch.kids !== undefined;
  if (guarded) await checkAccountPassword(ctx, auth.userId, patch.password);
  if (patch.kids === true && profile.id === profile.user_id)
    throw badRequest("The account's first profile can't be a kids profile.");
  checkAvatar(patch.avatar, accountAvatar);
  const kids = patch.kids ?? profile.kids === 1;
  const next: ProfilesTable = {
    ...profile,
    name:
      patch.name === undefined
        ? profile.name
        : cleanName(
            patch.name,
            profiles.filter((p) => p.id !== profile.id),
          ),
    avatar: patch.avatar ?? profile.avatar,
    language: patch.language ?? profile.language,
    kids: kids ? 1 : 0,
    maturity_level: ceiling(
      patch.maturity,
      kids,
      kids ? Math.min(profile.maturity_level, KIDS_MAX_LEVEL) : profile.maturity_level,
    ),
    updated_at: nowIso(),
  };
  await ctx.db
    .updateTable('profiles')
    .set({
      name: next.name,
      avatar: next.avatar,
      language: next.language,
      kids: next.kids,
      maturity_level: next.maturity_level,
      updated_at: next.updated_at,
    })
    .where('id', '=', profile.id)
    .execute();
  return profileView(next, accountAvatar);
}

/**
 * Everything the profile had (My List, history, genres, ratings) goes with it. Devices watching as that profile
 * are signed out: they would otherwise continue as another profile nobody chose for them.
 */
export async function deleteProfile(
  ctx: Ctx,
  auth: AuthContext,
  profileId: string,
  password: string | undefined,
): Promise<void> {
  assertNotKids(auth);
  await checkAccountPassword(ctx, auth.userId, password);
  const { profile } = await profileOf(ctx.db, auth.userId, profileId);
  if (profile.id === profile.user_id)
    throw badRequest("The account's first profile can't be deleted.");
  const sessions = await ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('profile_id', '=', profile.id)
    .where('revoked_at', 'is', null)
    .execute();
  await ctx.db.transaction().execute(async (trx) => {
    for (const table of ['favourites', 'watch_logs', 'user_genres', 'ratings'] as const)
      await trx.deleteFrom(table).where('profile_id', '=', profile.id).execute();
    await trx.deleteFrom('profiles').where('id', '=', profile.id).execute();
    // This device goes on as the first profile (its owner just typed the password).
    await trx
      .updateTable('sessions')
      .set({ profile_id: null })
      .where('id', '=', auth.sessionId)
      .execute();
  });
  const others = sessions.map((s) => s.id).filter((id) => id !== auth.sessionId);
  for (const id of others) await ctx.tokens.revokeSession(id, 'profile-deleted');
}

/** Lock with a 4-digit PIN, or unlock (pin null). */
export async function setProfilePin(
  ctx: Ctx,
  auth: AuthContext,
  profileId: string,
  pin: string | null,
  password: string | undefined,
): Promise<ProfileView> {
  assertNotKids(auth);
  await checkAccountPassword(ctx, auth.userId, password);
  const { profile, accountAvatar } = await profileOf(ctx.db, auth.userId, profileId);
  if (pin !== null && !/^\d{4}$/.test(pin))
    throw badRequest('A profile PIN is 4 digits.', { pin: 'must be 4 digits' });
  const pin_hash = pin === null ? null : await hashPassword(pin, ctx.config.scryptLog2N);
  await ctx.db
    .updateTable('profiles')
    .set({ pin_hash, pin_failures: 0, pin_locked_until: null, updated_at: nowIso() })
    .where('id', '=', profile.id)
    .execute();
  return profileView({ ...profile, pin_hash }, accountAvatar);
}

/**
 * "Who's watching?": this device (its session) watches as that profile from now on. A locked profile asks
 * for its PIN; leaving a kids profile for a grown-up one asks for the account password.
 */
export async function selectProfile(
  ctx: Ctx,
  auth: AuthContext,
  profileId: string,
  proof: { pin?: string; password?: string },
): Promise<ProfileView> {
  const { profile, accountAvatar } = await profileOf(ctx.db, auth.userId, profileId);
  if (profile.id !== auth.profileId) {
    if (auth.kids && profile.kids !== 1) {
      if (!proof.password)
        throw new HttpError(403, 'Leaving a kids profile needs the account password.', {
          password: 'is required',
        });
      await checkAccountPassword(ctx, auth.userId, proof.password);
    }
    await checkPin(ctx.db, profile, proof.pin);
  }
  await ctx.db
    .updateTable('sessions')
    .set({ profile_id: profile.id })
    .where('id', '=', auth.sessionId)
    .execute();
  return profileView(profile, accountAvatar);
}
