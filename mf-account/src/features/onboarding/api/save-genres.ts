import { callOperation } from '@streamflix/shared';

/** POST the first set, PUT to replace it afterwards (spec §7 has both). */
export async function saveGenres(userId: string, genres: string[], firstTime: boolean) {
  return callOperation(firstTime ? 'POST /users/uploadGenre/{id}' : 'PUT /users/uploadGenre/{id}', {
    params: { id: userId },
    body: { genres },
  });
}
