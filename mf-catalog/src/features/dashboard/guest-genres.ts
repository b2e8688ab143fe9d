import { useEffect, useState } from 'react';
import { on } from '@streamflix/shared';

/**
 * The genres a guest picked on /interest: mf-account keeps them on the device
 * under `guestGenres` (a JSON array of genre ids) until the guest signs up.
 */
export const GUEST_GENRES_KEY = 'guestGenres';

export function readGuestGenres(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GUEST_GENRES_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed
          .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
          .map(String)
          .slice(0, 10)
      : [];
  } catch {
    return [];
  }
}

export function useGuestGenres(): string[] {
  const [genres, setGenres] = useState(readGuestGenres);
  useEffect(() => {
    const offGenres = on('account:genres-changed', () => setGenres(readGuestGenres()));
    const onStorage = (e: StorageEvent) => {
      if (e.key === GUEST_GENRES_KEY || e.key === null) setGenres(readGuestGenres());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offGenres();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return genres;
}
