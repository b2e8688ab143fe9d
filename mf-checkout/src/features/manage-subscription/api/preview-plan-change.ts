import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '@streamflix/shared';
import type { PlanChangePreview } from '../../../lib/checkout-types';

export async function previewPlanChange(planId: string): Promise<PlanChangePreview> {
  return unwrap(
    await callApi<PlanChangePreview>({
      url: '/users/subscription/change-plan',
      params: { planId },
    }),
  );
}

/** GET /users/subscription/change-plan: what switching costs, before the viewer confirms. */
export function usePlanChangePreview(planId: string | null) {
  return useQuery({
    queryKey: ['checkout', 'change-plan', planId ?? ''],
    queryFn: () => previewPlanChange(planId!),
    enabled: !!planId,
    // Proration depends on today: always ask afresh when the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}
