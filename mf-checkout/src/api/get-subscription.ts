import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, useSession } from '@streamflix/shared';
import type { ManageData } from '../lib/checkout-types';

export const subscriptionQueryKey = (userId: string) =>
  ['checkout', 'subscription', userId] as const;

export async function getSubscription(userId: string): Promise<ManageData> {
  return unwrap(
    await callApi<ManageData>({ url: '/users/subscription/manage', params: { userId } }),
  );
}

/** GET /users/subscription/manage for the signed-in viewer; disabled for guests. */
export function useSubscription() {
  const { userId, isLoggedIn } = useSession();
  return useQuery({
    queryKey: subscriptionQueryKey(userId),
    queryFn: () => getSubscription(userId),
    enabled: isLoggedIn && userId !== '',
  });
}

/**
 * A subscription that entitles now: a second one would be refused. A past-due one does not
 * count: paying again with another card is how the viewer gets back in (the API ends the old one).
 */
export const hasOpenSubscription = (data: ManageData | undefined) =>
  data?.subscription?.status === 'active';
