import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap } from '@streamflix/shared';

export type PolicySlug = 'privacy-policy' | 'terms';

const operation = {
  'privacy-policy': 'GET /cms/privacy-policy',
  terms: 'GET /cms/terms',
} as const;

/** GET /cms/privacy-policy or GET /cms/terms. */
export async function getPolicy(slug: PolicySlug) {
  return unwrap(await callOperation(operation[slug], { kind: 'guest' }));
}

export const usePolicy = (slug: PolicySlug) =>
  useQuery({
    queryKey: queryKey(operation[slug]),
    queryFn: () => getPolicy(slug),
    staleTime: 60 * 60_000,
  });
