import { callOperation, unwrap } from '@streamflix/shared';

/** The initial list (nothing chosen): GET /titles/search with country, page and limit. */
export async function getInitialTitles({
  page,
  limit,
  country,
}: {
  page: number;
  limit: number;
  country?: string;
}) {
  return unwrap(
    await callOperation('GET /titles/search', {
      query: { page, limit, ...(country ? { country } : {}) },
    }),
  );
}
