import { callOperation, queryKey, unwrap, useViewerQuery, type ApiData } from '@streamflix/shared';

type Subscription = ApiData<'GET /users/subscription/manage'>;

export const subscriptionQueryKey = (userId: string) =>
  queryKey('GET /users/subscription/manage', { userId });

export async function getSubscription(userId: string): Promise<Subscription> {
  return unwrap(await callOperation('GET /users/subscription/manage', { query: { userId } }));
}

/** GET /users/subscription/manage for the signed-in viewer; disabled for guests. */
export function useSubscription() {
  return useViewerQuery(subscriptionQueryKey, getSubscription);
}

/**
 * A subscription that entitles now: a second one would be refused. A past-due one does not
 * count: paying again with another card is how the viewer gets back in (the API ends the old one).
 */
export const hasOpenSubscription = (data: Subscription | undefined) =>
  data?.subscription?.status === 'active';
