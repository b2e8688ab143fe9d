import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callOperation,
  on,
  queryKey,
  unwrap,
  useSession,
  type ApiBody,
  type Dashboard,
} from '@streamflix/shared';
import { useCatalogCountry } from '../../../lib/use-catalog-country';
import { useGuestGenres } from '../guest-genres';

export interface DashboardRequest {
  country?: string;
  userId?: string;
  /** Guests: the genres picked on /interest (viewers' genres are on their account). */
  genres?: string[];
}

/** Guests send their country and picked genres; signed-in viewers their id (the server personalises by their genres). */
export async function getDashboard({
  country,
  userId,
  genres,
}: DashboardRequest): Promise<Dashboard> {
  const data: ApiBody<'POST /users/dashboard'> = {};
  if (country) data.country = country;
  if (userId) data.userId = userId;
  else if (genres?.length) data.genres = genres;
  return unwrap(await callOperation('POST /users/dashboard', { body: data }));
}

export function useDashboard() {
  const { isLoggedIn, userId } = useSession();
  const country = useCatalogCountry();
  const uid = isLoggedIn ? userId : '';
  const guestGenres = useGuestGenres();
  const genres = uid ? [] : guestGenres;
  const client = useQueryClient();
  const key = queryKey('POST /users/dashboard', { userId: uid, country, genres: genres.join(',') });

  // My List, genre choices and finished playback all change what the home shows.
  useEffect(() => {
    const refresh = () =>
      void client.invalidateQueries({ queryKey: queryKey('POST /users/dashboard') });
    const offs = [
      on('catalog:my-list-changed', refresh),
      on('account:genres-changed', refresh),
      on('player:playback-ended', refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);

  return useQuery({
    queryKey: key,
    queryFn: () => getDashboard({ country, userId: uid || undefined, genres }),
  });
}
