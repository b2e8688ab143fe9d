import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { badRequest } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import type { ProfilePatch } from '../schemas/profile-schemas';
import { deleteAvatar, storeAvatar } from './avatars';

/** Only the fields sent change; avatarUrl null removes the picture (and its file). */
export async function updateProfile(
  db: Kysely<Database>,
  uploadsDir: string,
  userId: string,
  patch: ProfilePatch,
): Promise<void> {
  const { name, country, language, avatarUrl } = patch;
  if (name !== undefined && !name.trim())
    throw badRequest('Your name cannot be empty.', { name: 'is required' });
  const previous =
    avatarUrl === null
      ? await db
          .selectFrom('users')
          .select('avatar_url')
          .where('id', '=', userId)
          .executeTakeFirst()
      : undefined;
  await db
    .updateTable('users')
    .set({
      ...(name !== undefined ? { name: name.trim() } : {}),
      ...(country ? { country: country.toUpperCase() } : {}),
      ...(language ? { language } : {}),
      ...(avatarUrl === null ? { avatar_url: null } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
  if (previous) await deleteAvatar(uploadsDir, userId, previous.avatar_url);
}

/** Stores an already re-encoded picture as the user's avatar and deletes the previous file. */
export async function replaceAvatar(
  db: Kysely<Database>,
  uploadsDir: string,
  userId: string,
  image: Buffer,
): Promise<string> {
  const avatarUrl = await storeAvatar(uploadsDir, userId, image);
  const previous = await db
    .selectFrom('users')
    .select('avatar_url')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ avatar_url: avatarUrl, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  await deleteAvatar(uploadsDir, userId, previous.avatar_url);
  return avatarUrl;
}
