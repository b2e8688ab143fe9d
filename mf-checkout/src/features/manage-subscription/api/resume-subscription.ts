import { callApi, type ApiData } from '@streamflix/shared';

/** POST /users/resume-web-subscription: undo a cancel before the period ends. */
export const resumeSubscription = (userId: string) =>
  callApi<ApiData<'POST /users/resume-web-subscription'>>({
    method: 'POST',
    url: '/users/resume-web-subscription',
    data: { userId },
  });
