import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, type Genre } from '@streamflix/shared';

export async function getGenres(): Promise<Genre[]> {
  return unwrap(await callApi<Genre[]>({ url: '/genres', kind: 'guest' }));
}

export const useGenres = () =>
  useQuery({ queryKey: ['account', 'genres'], queryFn: getGenres, staleTime: 10 * 60_000 });

/** POST the first set, PUT to replace it afterwards (spec §7 has both). */
export async function saveGenres(userId: string, genres: string[], firstTime: boolean) {
  return callApi<{ genres: string[] }>({
    method: firstTime ? 'POST' : 'PUT',
    url: `/users/uploadGenre/${encodeURIComponent(userId)}`,
    data: { genres },
  });
}
