import { callApi, emit } from '@streamflix/shared';

/** localStorage keys for what a guest chose before signing up (My List is written by mf-catalog). */
export const GUEST_KEYS = { myList: 'guestMyList', genres: 'guestGenres' } as const;

function readIds(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter((v): v is string => typeof v === 'string' || typeof v === 'number')
          .map(String)
      : [];
  } catch {
    return [];
  }
}

export const readGuestGenres = (): string[] => readIds(GUEST_KEYS.genres);
export const readGuestMyList = (): string[] => readIds(GUEST_KEYS.myList);

export function writeGuestGenres(ids: string[]): void {
  try {
    localStorage.setItem(GUEST_KEYS.genres, JSON.stringify(ids));
  } catch {
    // Storage disabled: the picks are lost, the guest can still browse.
  }
}

/**
 * Upload what the guest chose to the new account, then forget it. Runs before
 * the session starts (the access token is passed explicitly) so the first home
 * screen the viewer sees is already shaped by those picks. Failures are not
 * fatal: the keys are kept so the next sign-in tries again.
 */
export async function carryOverGuestChoices(
  userId: string,
  accessToken: string,
  existingGenres: string[] = [],
): Promise<void> {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const genres = readGuestGenres();
  const myList = readGuestMyList();
  if (genres.length) {
    const merged = Array.from(new Set([...existingGenres, ...genres]));
    const r = await callApi({
      method: 'POST',
      url: `/users/uploadGenre/${encodeURIComponent(userId)}`,
      data: { genres: merged },
      headers,
    });
    if (r.status) {
      localStorage.removeItem(GUEST_KEYS.genres);
      emit('account:genres-changed', { genreIds: merged });
    }
  }
  if (myList.length) {
    const results = await Promise.all(
      myList.map((titleId) =>
        callApi({
          method: 'POST',
          url: `/users/favourite/${encodeURIComponent(userId)}`,
          data: { titleId },
          headers,
        }),
      ),
    );
    if (results.every((r) => r.status)) localStorage.removeItem(GUEST_KEYS.myList);
  }
}
