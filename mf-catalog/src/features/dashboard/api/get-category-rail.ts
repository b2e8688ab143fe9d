import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap } from '@streamflix/shared';
import { useCatalogCountry } from '../../../lib/use-catalog-country';

export const RAIL_SIZE = 20;

/** A category rail: the category's first page. */
export async function getCategoryRail(slug: string, country: string | undefined) {
  return unwrap(
    await callOperation('GET /categorys/details-test/{catName}', {
      params: { catName: slug },
      query: { page: 1, limit: RAIL_SIZE, ...(country ? { country } : {}) },
    }),
  );
}

/** A category rail's first page, fetched only when the rail scrolls into view. */
export function useCategoryRail(slug: string, enabled: boolean) {
  const country = useCatalogCountry();
  return useQuery({
    queryKey: queryKey('GET /categorys/details-test/{catName}', {
      catName: slug,
      country,
      limit: RAIL_SIZE,
      page: 1,
    }),
    queryFn: () => getCategoryRail(slug, country),
    enabled,
  });
}
