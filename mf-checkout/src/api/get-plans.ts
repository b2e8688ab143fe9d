import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@streamflix/shared';
import type { PlansData } from '../lib/checkout-types';

export const plansQueryKey = ['checkout', 'plans'] as const;

export async function getPlans(): Promise<PlansData> {
  return unwrap(await callApi<PlansData>({ url: '/plans', kind: 'guest' }));
}

/** GET /plans: the catalogue of plans and whether payments run in test mode. */
export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000 });
}
