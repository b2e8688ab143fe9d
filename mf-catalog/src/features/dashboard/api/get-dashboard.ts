import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callApi,
  on,
  unwrap,
  useSession,
  type CategoryPage,
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
  const data: { country?: string; userId?: string; genres?: string[] } = {};
  if (country) data.country = country;
  if (userId) data.userId = userId;
  else if (genres?.length) data.genres = genres;
  return unwrap(await callApi<Dashboard>({ method: 'POST', url: '/users/dashboard', data }));
}

export function useDashboard() {
  const { isLoggedIn, userId } = useSession();
  const country = useCatalogCountry();
  const uid = isLoggedIn ? userId : '';
  const guestGenres = useGuestGenres();
  const genres = uid ? [] : guestGenres;
  const client = useQueryClient();
  const queryKey = ['catalog', 'dashboard', uid, country ?? '', genres.join(',')];

  // My List, genre choices and finished playback all change what the home shows.
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: ['catalog', 'dashboard'] });
    const offs = [
      on('catalog:my-list-changed', refresh),
      on('account:genres-changed', refresh),
      on('player:playback-ended', refresh),
    ];
    return () => offs.forEach((off) => off());
  }, [client]);

  return useQuery({
    queryKey,
    queryFn: () => getDashboard({ country, userId: uid || undefined, genres }),
  });
}

export const RAIL_SIZE = 20;

/** A category rail's first page, fetched only when the rail scrolls into view. */
export function useCategoryRail(slug: string, enabled: boolean) {
  const country = useCatalogCountry();
  return useQuery({
    queryKey: ['catalog', 'category', slug, country ?? '', RAIL_SIZE, 'rail'],
    queryFn: async () =>
      unwrap(
        await callApi<CategoryPage>({
          method: 'GET',
          url: `/categorys/details-test/${encodeURIComponent(slug)}`,
          params: { page: 1, limit: RAIL_SIZE, ...(country ? { country } : {}) },
        }),
      ),
    enabled,
  });
}
