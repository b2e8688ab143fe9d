import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap, useSession } from '@streamflix/shared';
import type { ManageData } from './checkout-types';

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

/** A subscription that still entitles (or is about to): a second one would be refused. */
export const hasOpenSubscription = (data: ManageData | undefined) =>
  !!data?.subscription && ['active', 'past_due'].includes(data.subscription.status);
