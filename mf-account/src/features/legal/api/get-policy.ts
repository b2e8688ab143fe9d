import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, type PolicyPage } from '@streamflix/shared';

export type PolicySlug = 'privacy-policy' | 'terms';

export const usePolicy = (slug: PolicySlug) =>
  useQuery({
    queryKey: ['account', 'cms', slug],
    queryFn: async () => unwrap(await callApi<PolicyPage>({ url: `/cms/${slug}`, kind: 'guest' })),
    staleTime: 60 * 60_000,
  });
