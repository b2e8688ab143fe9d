import { useAtomValue } from 'jotai';
import { countryAtom, useSession } from '@streamflix/shared';

/**
 * The country for catalogue calls. Guests send the stored country (or the
 * default); signed-in viewers send the stored country if there is one and
 * otherwise let the server use their profile's country.
 */
export function useCatalogCountry(): string | undefined {
  const stored = useAtomValue(countryAtom);
  const { isLoggedIn, country } = useSession();
  return isLoggedIn ? stored || undefined : country;
}
