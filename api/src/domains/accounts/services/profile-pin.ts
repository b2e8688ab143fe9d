import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProfilesTable } from '../../../db/schema';
import { HttpError, tooManyRequests } from '../../../lib/http-errors';
import { nowIso } from '../../../lib/ids';
import { verifyPassword } from './passwords';

/** Wrong PINs in a row before the profile locks for PIN_LOCK_MINUTES. */
export const PIN_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 15;

/**
 * The PIN: each try is counted on the profile's row before the hash, in one UPDATE … RETURNING that
 * only passes while the profile is neither locked nor out of tries, so a burst of parallel guesses
 * gets PIN_ATTEMPTS hashes in all, on every instance and device. A right PIN starts the count again.
 */
export async function checkPin(
  db: Kysely<Database>,
  profile: Selectable<ProfilesTable>,
  pin: string | undefined,
) {
  if (!profile.pin_hash) return;
  const now = nowIso();
  const lockExpired = sql<boolean>`pin_locked_until is not null and pin_locked_until <= ${now}`;
  const locked = (until: string | null) => {
    const seconds = until ? Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 1000)) : 0;
    const wait = seconds || PIN_LOCK_MINUTES * 60;
    return tooManyRequests(
      wait,
      `Too many wrong PINs. ${profile.name} is locked for ${Math.ceil(wait / 60)} more minute(s), or sign in again with the account password.`,
      'profile-pin',
    );
  };
  if (profile.pin_locked_until && profile.pin_locked_until > now)
    throw locked(profile.pin_locked_until);
  if (!pin) throw new HttpError(403, `Enter ${profile.name}'s PIN.`, { pin: 'is required' });
  const reserved = await db
    .updateTable('profiles')
    .set({
      pin_failures: sql<number>`case when ${lockExpired} then 1 else pin_failures + 1 end`,
      pin_locked_until: sql<
        string | null
      >`case when ${lockExpired} then null else pin_locked_until end`,
    })
    .where('id', '=', profile.id)
    .where((eb) =>
      eb.or([
        eb('pin_locked_until', '<=', now),
        eb.and([eb('pin_locked_until', 'is', null), eb('pin_failures', '<', PIN_ATTEMPTS)]),
      ]),
    )
    .returning(['pin_failures'])
    .executeTakeFirst();
  if (!reserved) {
    const current = await db
      .selectFrom('profiles')
      .select('pin_locked_until')
      .where('id', '=', profile.id)
      .executeTakeFirst();
    throw locked(current?.pin_locked_until ?? null);
  }
  if (await verifyPassword(pin, profile.pin_hash)) {
    await db
      .updateTable('profiles')
      .set({ pin_failures: 0, pin_locked_until: null })
      .where('id', '=', profile.id)
      .execute();
    return;
  }
  const failures = Number(reserved.pin_failures);
  if (failures >= PIN_ATTEMPTS) {
    // The tries stay spent while locked; the first try after the lock starts the count again.
    await db
      .updateTable('profiles')
      .set({ pin_locked_until: new Date(Date.now() + PIN_LOCK_MINUTES * 60_000).toISOString() })
      .where('id', '=', profile.id)
      .execute();
    throw tooManyRequests(
      PIN_LOCK_MINUTES * 60,
      `Too many wrong PINs. ${profile.name} is locked for ${PIN_LOCK_MINUTES} minutes.`,
      'profile-pin',
    );
  }
  throw new HttpError(
    403,
    PIN_ATTEMPTS - failures === 1
      ? 'That PIN is not right. 1 try left.'
      : `That PIN is not right. ${PIN_ATTEMPTS - failures} tries left.`,
    { pin: 'is incorrect' },
  );
}
