import { useCatalogueScope } from '@streamflix/shared';

/**
 * The country for catalogue calls: the shared catalogue scope's, so the title page and the player (which
 * read titles through that scope) ask the API the same question as every list here.
 */
export function useCatalogCountry(): string | undefined {
  return useCatalogueScope().country;
}
