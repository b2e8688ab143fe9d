import {
  callOperation,
  clearGuestGenres,
  clearGuestMyList,
  emit,
  readGuestGenres,
  readGuestMyList,
} from '@streamflix/shared';

/**
 * Upload what the guest chose (the shared `guestGenres` and `guestMyList`
 * device contracts) to the new account, then forget it. Runs before the
 * session starts (the access token is passed explicitly) so the first home
 * screen the viewer sees is already shaped by those picks. Failures are not
 * fatal: the keys are kept so the next sign-in tries again.
 */
export async function carryOverGuestChoices(
  userId: string,
  accessToken: string,
  existingGenres: string[] = [],
): Promise<void> {
  const genres = readGuestGenres();
  const myList = readGuestMyList();
  if (genres.length) {
    const merged = Array.from(new Set([...existingGenres, ...genres]));
    const r = await callOperation('POST /users/uploadGenre/{id}', {
      params: { id: userId },
      body: { genres: merged },
      accessToken,
    });
    if (r.status) {
      clearGuestGenres();
      emit('account:genres-changed', { genreIds: merged });
    }
  }
  if (myList.length) {
    const results = await Promise.all(
      myList.map((titleId) =>
        callOperation('POST /users/favourite/{id}', {
          params: { id: userId },
          body: { titleId },
          accessToken,
        }),
      ),
    );
    if (results.every((r) => r.status)) clearGuestMyList();
  }
}
