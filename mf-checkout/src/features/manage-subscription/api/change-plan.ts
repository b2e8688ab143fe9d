import { callApi } from '@streamflix/shared';
import type { PlanChangeResult } from '../../../lib/checkout-types';

/** POST /users/subscription/change-plan: an upgrade charges the card on file now; a downgrade waits for renewal. */
export const changePlan = (planId: string, idempotencyKey: string) =>
  callApi<PlanChangeResult>({
    method: 'POST',
    url: '/users/subscription/change-plan',
    data: { planId, idempotencyKey },
  });
