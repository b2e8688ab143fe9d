import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, type Genre } from '@streamflix/shared';

export async function getGenres(): Promise<Genre[]> {
  return unwrap(await callOperation('GET /genres', { kind: 'guest' }));
}

export const useGenres = () =>
  useQuery({ queryKey: queryKey('GET /genres'), queryFn: getGenres, staleTime: 10 * 60_000 });
