import { useEffect, useState } from 'react';
import { DEVICE_KEYS, on, readGuestGenres } from '@streamflix/shared';

/** The home is shaped by at most this many of a guest's picked genres. */
const MAX_GUEST_GENRES = 10;

const readPicked = () => readGuestGenres().slice(0, MAX_GUEST_GENRES);

/** The genres a guest picked on /interest (mf-account keeps them on the device until sign-up). */
export function useGuestGenres(): string[] {
  const [genres, setGenres] = useState(readPicked);
  useEffect(() => {
    const offGenres = on('account:genres-changed', () => setGenres(readPicked()));
    const onStorage = (e: StorageEvent) => {
      if (e.key === DEVICE_KEYS.guestGenres || e.key === null) setGenres(readPicked());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offGenres();
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return genres;
}
