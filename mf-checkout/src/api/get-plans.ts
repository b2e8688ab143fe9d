import { useQuery } from '@tanstack/react-query';
import { callOperation, queryKey, unwrap, type ApiData } from '@streamflix/shared';

export const plansQueryKey = queryKey('GET /plans');

export async function getPlans(): Promise<ApiData<'GET /plans'>> {
  return unwrap(await callOperation('GET /plans', { kind: 'guest' }));
}

/** GET /plans: the catalogue of plans and whether payments run in test mode. */
export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: getPlans, staleTime: 5 * 60_000 });
}
