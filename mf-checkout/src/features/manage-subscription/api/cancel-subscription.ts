import { callApi, type ApiData } from '@streamflix/shared';

/** POST /users/cancel-web-subscription: ends at the period end; the viewer keeps watching until then. */
export const cancelSubscription = (userId: string) =>
  callApi<ApiData<'POST /users/cancel-web-subscription'>>({
    method: 'POST',
    url: '/users/cancel-web-subscription',
    data: { userId },
  });
